// <robots-txt-tester>: the definition that loads with the page. It defines the element, reflects its
// attributes, and waits (until the element nears the viewport, or until "Try it" is pressed) before it loads
// the UI module and the engine. Importing it outside a browser (SSR) defines nothing and throws nothing.

const ATTRS = ['agents', 'urls', 'base', 'mode', 'profile', 'expect', 'theme', 'loading', 'open-in', 'label', 'src', 'for', 'size-limit'];
const prop = (a) => (a === 'for' ? 'htmlFor' : a.replace(/-(.)/g, (_, c) => c.toUpperCase()));

let ui;
/** The UI module, loaded once for every widget on the page. */
const loadUi = () => (ui ||= import('./element/ui.js'));

let observer;
const observe = (el) => {
  observer ||= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          observer.unobserve(e.target);
          e.target.activate();
        }
      }
    },
    { rootMargin: '200px' }
  );
  observer.observe(el);
};

const Base = typeof HTMLElement === 'undefined' ? class {} : HTMLElement;

export class RobotsTxtTester extends Base {
  static get observedAttributes() {
    return ATTRS;
  }

  constructor() {
    super();
    this._robots = undefined;
    this._live = undefined;
    let settle;
    this._ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
    this._ready.catch(() => {});
    this._settle = settle;
  }

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    if (this._live) return;
    const root = this.shadowRoot;
    root.innerHTML = '<style>:host{display:block;min-height:1px}[part=try]{font:inherit;cursor:pointer}</style><slot></slot>';
    const loading = this.getAttribute('loading');
    if (loading === 'eager' || typeof IntersectionObserver === 'undefined') this.activate();
    else if (loading === 'interaction') {
      const b = document.createElement('button');
      b.type = 'button';
      b.part = 'try';
      b.textContent = 'Try it: test this robots.txt';
      b.onclick = () => this.activate(true);
      root.prepend(b);
    } else observe(this);
  }

  disconnectedCallback() {
    if (observer) observer.unobserve(this);
    // Frees the parsed file; a reconnected element (SPA navigation) starts again.
    if (this._widget) this._widget.stop();
    this._widget = this._live = undefined;
  }

  attributeChangedCallback() {
    if (this._live) this._live.then((u) => u.update(this));
  }

  /** Loads the UI and the engine now (whatever `loading` says); resolves when the widget is live. */
  activate(focus) {
    if (!this._live && this.isConnected) {
      // An element removed (or removed and added again) while the UI loads does not start from this load.
      const live = loadUi().then(
        (u) => (this._live === live && u.start(this, focus), u),
        (e) => {
          this.dispatchEvent(new CustomEvent('robots-error', { bubbles: true, composed: true, detail: { kind: 'wasm', message: `the widget could not be loaded: ${e}` } }));
          this._settle.reject(e);
          throw e;
        }
      );
      this._live = live;
      live.catch(() => {});
    }
    return this.ready;
  }

  /** The robots.txt text to test, set by framework wrappers; it wins over every other source. */
  get robots() {
    return this._robots;
  }
  set robots(v) {
    this._robots = v == null ? undefined : String(v);
    this.attributeChangedCallback();
  }

  /** Settles when the widget has drawn its first verdicts (rejects when the engine cannot load). */
  get ready() {
    return this._ready;
  }
  get results() {
    return this._state ? this._state.results() : [];
  }
  get diagnostics() {
    return this._state ? this._state.diagnostics() : [];
  }
}

for (const a of ATTRS) {
  Object.defineProperty(RobotsTxtTester.prototype, prop(a), {
    get() {
      return this.getAttribute(a);
    },
    set(v) {
      if (v == null) this.removeAttribute(a);
      else this.setAttribute(a, v);
    },
  });
}

/** Defines the element under `name` (default `robots-txt-tester`) unless that name is taken; returns the class. */
export function defineRobotsTxtTester(name = 'robots-txt-tester') {
  if (typeof customElements === 'undefined') return undefined;
  if (!customElements.get(name)) customElements.define(name, name === 'robots-txt-tester' ? RobotsTxtTester : class extends RobotsTxtTester {});
  return customElements.get(name);
}

defineRobotsTxtTester();
