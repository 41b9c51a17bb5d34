"""MkDocs (pymdownx.superfences) fence for robotscope's <robots-txt-tester> widget.

A fence such as

    ```robots-tester agents="Googlebot, GPTBot" urls="/a /private/x"
    User-agent: *
    Disallow: /private/
    ```

renders as a code block (the view without JavaScript) followed by the element, which is handed the fence's
text in its ``robots`` attribute and hides the code block once it is live. See README.md for mkdocs.yml.
"""
import html

__all__ = ["ATTRS", "validator", "formatter"]

ATTRS = ("agents", "urls", "base", "mode", "expect", "theme", "loading", "open-in", "label", "size-limit", "profile")


def validator(language, inputs, options, attrs, md):
    """Keeps the element's attributes from the fence header; refuses any other option."""
    for key, value in inputs.items():
        if key not in ATTRS:
            return False
        options[key] = value
    return True


def _attr(value):
    # Newlines stay newlines inside a quoted attribute value; only &, <, > and the quotes are escaped.
    return html.escape(value, quote=True)


def formatter(source, language, css_class, options, md, **kwargs):
    """The code block, then the element with the fence's attributes and its text."""
    # Python-Markdown gives the fence's lines without the last newline; the fence's text has one.
    text = source + "\n" if source else ""
    attributes = "".join(' %s="%s"' % (k, _attr(v)) for k, v in options.items() if k in ATTRS)
    return '<pre class="%s"><code>%s</code></pre><robots-txt-tester%s robots="%s"></robots-txt-tester>' % (
        _attr(css_class),
        html.escape(source, quote=False),
        attributes,
        _attr(text),
    )
