// TextEncoder and TextDecoder for the Node entry's wasm glue and façade: the platform's, or, where an
// environment lacks them (Jest's jsdom environment does), small UTF-8 stand-ins that do what the glue needs:
// `decode(bytes)`, `encode(string)` and `encodeInto(string, view)` (a lone surrogate becomes U+FFFD, as
// `TextEncoder` writes it). No Node built-in is required, so the entry also bundles for browsers.
'use strict';

class Utf8Decoder {
  decode(bytes) {
    if (bytes === undefined) return '';
    let out = '';
    let chunk = [];
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i];
      let c = 0xfffd;
      let n = 1;
      if (b < 0x80) c = b;
      else if (b >= 0xc2 && b < 0xe0 && i + 1 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80) {
        c = ((b & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
        n = 2;
      } else if (b >= 0xe0 && b < 0xf0 && i + 2 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
        c = ((b & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
        n = 3;
        if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) [c, n] = [0xfffd, 1];
      } else if (b >= 0xf0 && b < 0xf5 && i + 3 < bytes.length && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80 && (bytes[i + 3] & 0xc0) === 0x80) {
        c = ((b & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
        n = 4;
        if (c < 0x10000 || c > 0x10ffff) [c, n] = [0xfffd, 1];
      }
      if (c > 0xffff) {
        c -= 0x10000;
        chunk.push(0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff));
      } else chunk.push(c);
      i += n;
      if (chunk.length > 8192) {
        out += String.fromCharCode.apply(null, chunk);
        chunk = [];
      }
    }
    return out + String.fromCharCode.apply(null, chunk);
  }
}

class Utf8Encoder {
  encode(s) {
    const view = new Uint8Array(3 * s.length);
    return view.slice(0, this.encodeInto(s, view).written);
  }

  /** Writes `s` as UTF-8 into `view`, which has room for 3 bytes per code unit. */
  encodeInto(s, view) {
    let at = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      }
      if (c < 0x80) view[at++] = c;
      else if (c < 0x800) {
        view[at++] = 0xc0 | (c >> 6);
        view[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0x10000) {
        view[at++] = 0xe0 | (c >> 12);
        view[at++] = 0x80 | ((c >> 6) & 0x3f);
        view[at++] = 0x80 | (c & 0x3f);
      } else {
        view[at++] = 0xf0 | (c >> 18);
        view[at++] = 0x80 | ((c >> 12) & 0x3f);
        view[at++] = 0x80 | ((c >> 6) & 0x3f);
        view[at++] = 0x80 | (c & 0x3f);
      }
    }
    return { read: s.length, written: at };
  }
}

module.exports = {
  TextDecoder: typeof TextDecoder === 'function' ? TextDecoder : Utf8Decoder,
  TextEncoder: typeof TextEncoder === 'function' ? TextEncoder : Utf8Encoder,
};
