// Memory. A parsed file lives in wasm memory, which JavaScript's garbage collector cannot see and which never
// shrinks; callers of the robots-parser API never call free(), and in a synchronous loop a FinalizationRegistry
// never runs. So every Robots keeps its input on the JavaScript side (the string, or a copy of the bytes), and
// the wasm side is a bounded cache of parsed handles: when their estimated size exceeds CACHE_BYTES, the least
// recently used are freed, and a Robots whose handle was freed parses its input again on its next call
// (parsing is deterministic, so the answers are the same). Eviction is CLOCK (second chance): a call, and the
// parse itself, only mark the slot used; eviction walks the slots in order, freeing unused ones and giving used
// ones another round.
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

/**
 * The wasm memory the cached handles may take: about 26 MB of robots.txt files. With 48 MB the heap reached
 * 66.3 MiB after 300 unfreed passes over the corpus, over its 64 MiB budget (the allocator's free lists and
 * fragmentation come on top of what the handles hold).
 */
const CACHE_BYTES = 40 * 1024 * 1024;
/**
 * What a handle may take while its input is parsed (parsing reserves room for about one rule per 32 bytes),
 * made room for beforehand: at most about 2.4 times its input plus 290 bytes (measured on the conformance
 * corpus). Once parsed, the spare room is given back and the handle counts as what it holds (`heapBytes`,
 * about 1.5 times its input) plus what the allocator and the wrapper add.
 */
const handleBytes = (inputBytes) => Math.ceil(inputBytes * 2.5) + 320;
const HANDLE_OVERHEAD = 160;

/** The cache of parsed handles over one buffer (buffer.mjs), whose module parses. */
function createCache(buffer) {
  /**
   * The clock: slots with a live handle, `{ w, size, used, kept }` (`size`: what it holds), oldest first, as a
   * queue (`clock[hand]` onwards). A slot freed by `free()` stays in it, without handle, until the hand passes it.
   * (A Set was the first queue: V8 keeps a deleted entry's place until the table is rebuilt, so each eviction
   * walked past the places of those before it, and parsing with a full cache took a quarter longer.)
   */
  let clock = [];
  let hand = 0;
  /** Slots in the queue that `free()` emptied: the queue is compacted when they are most of it. */
  let freedInQueue = 0;
  let cachedFiles = 0;
  let cachedBytes = 0;
  /** Parses into the cache (first parses and parses again after eviction) and evictions, since loading. */
  let parses = 0;
  let evictions = 0;

  /** Frees a slot's handle; `freed`: at the caller's `free()`, which the statistics do not count as eviction. */
  const evict = (slot, freed = false) => {
    if (!freed) evictions++;
    cachedFiles--;
    cachedBytes -= slot.size;
    slot.w.free();
    slot.w = undefined;
  };

  /** Frees handles not used lately until `need` more bytes fit in the budget. */
  const makeRoom = (need) => {
    while (cachedBytes + need > CACHE_BYTES && hand < clock.length) {
      const slot = clock[hand];
      clock[hand++] = undefined;
      if (slot.w === undefined) {
        freedInQueue--;
        continue;
      }
      if (slot.used) {
        // Another round for a slot used since the hand last passed it.
        slot.used = false;
        clock.push(slot);
      } else evict(slot);
    }
    if (hand > 1024 && 2 * hand > clock.length) {
      clock = clock.slice(hand);
      hand = 0;
    }
  };

  /** A new slot, without handle until `parseInto`. */
  const slot = () => ({ w: undefined, size: 0, used: false, kept: false });

  /** Parses the body (text or bytes, already cut to MAX_INPUT) in wasm and caches the handle in `slot`. */
  const parseInto = (slot, body, limit) => {
    const len = buffer.putBody(body);
    makeRoom(handleBytes(len));
    slot.w = buffer.parse(len, limit);
    parses++;
    slot.size = slot.w.heapBytes + HANDLE_OVERHEAD;
    slot.kept = false;
    // A new handle counts as used, as a page just loaded does in CLOCK: otherwise the eviction walk, which gives
    // every handle used since its last pass another round first, frees what was just parsed before the handles
    // of objects nobody holds any more.
    slot.used = true;
    clock.push(slot);
    cachedFiles++;
    cachedBytes += slot.size;
  };

  /** Counts what a slot's handle holds now (after it grew: the other readings kept with the parse). */
  const resize = (slot) => {
    const size = slot.w.heapBytes + HANDLE_OVERHEAD;
    cachedBytes += size - slot.size;
    slot.size = size;
  };

  /**
   * Frees a slot's handle at the caller's `free()`. The slot itself stays queued until the hand passes it, which
   * only happens when the cache is full: a caller who frees every Robots never fills it, so the freed slots are
   * dropped here once they are most of the queue (without this, each parse and free() left 57 bytes behind: 118 MB
   * of JavaScript heap after two million).
   */
  const free = (slot) => {
    if (slot.w !== undefined) {
      evict(slot, true);
      freedInQueue++;
      if (freedInQueue > 1024 && 2 * freedInQueue > clock.length - hand) {
        clock = clock.slice(hand).filter((s) => s.w !== undefined);
        hand = 0;
        freedInQueue = 0;
      }
    }
    slot.size = -1;
  };

  /** Frees every handle (before the API moves onto another module); their Robots parse again on their next call. */
  const clear = () => {
    for (let i = hand; i < clock.length; i++) if (clock[i].w !== undefined) evict(clock[i]);
    clock = [];
    hand = 0;
    freedInQueue = 0;
  };

  /** What the cache holds, and what it did since the module loaded. */
  const stats = () => ({ files: cachedFiles, bytes: cachedBytes, limit: CACHE_BYTES, parses, evictions });

  return { slot, parseInto, resize, free, clear, stats };
}

export { createCache };
