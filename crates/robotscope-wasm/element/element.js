// <robots-txt-tester>: the definition that loads with the page. It defines the element, reflects its
// attributes, and waits (until the element nears the viewport, or until "Try it" is pressed) before it loads
// the UI module and the engine. Importing it outside a browser (SSR) defines nothing and throws nothing.

const ATTRS = ['agents', 'urls', 'base', 'mode', 'profile', 'expect', 'theme', 'loading', 'open-in', 'label', 'src', 'for', 'size-limit'];
// `robots` (the file's text, as the docs plugins write it) is observed too; its property is the `robots` below.
const OBSERVED = [...ATTRS, 'robots'];
const fire = (el, kind, message) =>
  el.dispatchEvent(new CustomEvent('robots-error', { bubbles: true, composed: true, detail: { kind, message } }));
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
    return OBSERVED;
  }

  constructor() {
    super();
    this._robots = undefined;
    this._live = undefined;
    this._renew();
  }

  /** A new `ready` promise when the last one has settled (the widget loads again after an error is fixed). */
  _renew() {
    if (this._settle && !this._settle.done) return;
    const settle = {};
    this._ready = new Promise((resolve, reject) => {
      settle.resolve = (v) => ((settle.done = true), resolve(v));
      settle.reject = (e) => ((settle.done = true), reject(e));
    });
    this._ready.catch(() => {});
    this._settle = settle;
  }

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    if (this._live) return;
    const root = this.shadowRoot;
    root.innerHTML =
      '<style>:host{display:block;min-height:1px}[part=try]{font:600 14px/1.2 system-ui,sans-serif;cursor:pointer;' +
      'padding:.55em 1em;margin:.5em 0;border:1px solid #0969da;border-radius:6px;background:#0969da;color:#fff}' +
      '[part=try]:hover{background:#0550ae}[part=try]:focus-visible{outline:2px solid #0969da;outline-offset:2px}' +
      '[part=error]{color:#cf222e;font:14px system-ui,sans-serif;border:1px solid;border-radius:6px;padding:.5em .8em}' +
      '</style><slot></slot>';
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
    if (this._live) this._live.then((u) => u.update(this), () => {});
  }

  /** Loads the UI and the engine now (whatever `loading` says); resolves when the widget is live. */
  activate(focus) {
    if (!this._live && this.isConnected) {
      // An element removed (or removed and added again) while the UI loads does not start from this load.
      const live = loadUi().then(
        (u) => (this._live === live && u.start(this, focus), u),
        (e) => {
          // A self-hosted copy without element/ui.js (only element.js was copied): said in the page, not only
          // in the console.
          const message = `the robots.txt tester could not load ${new URL('./element/ui.js', import.meta.url)} (${e && e.message}); copy every file the README lists next to element.js`;
          const p = document.createElement('p');
          p.part = 'error';
          p.setAttribute('role', 'alert');
          p.textContent = message;
          this.shadowRoot.prepend(p);
          fire(this, 'load', message);
          this._settle.reject(new Error(message));
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

  /**
   * Settles when the widget has drawn its first verdicts; rejects when it cannot (a file that cannot be loaded, the
   * page's CSP, no robots.txt to read). A later load (a fixed attribute) gives a new promise.
   */
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
