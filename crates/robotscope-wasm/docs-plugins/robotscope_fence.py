"""MkDocs Material (pymdownx.superfences) fence for robotscope's <robots-txt-tester>.

A fence such as

    ```robots-tester agents="Googlebot, GPTBot" urls="/a /private/x"
    User-agent: *
    Disallow: /private/
    ```

renders as a code block (the view without JavaScript) followed by the element, which reads that block.
mkdocs.yml:

    markdown_extensions:
      - pymdownx.superfences:
          custom_fences:
            - name: robots-tester
              class: robots-tester
              validator: !!python/name:robotscope_fence.validator
              format: !!python/name:robotscope_fence.formatter
    extra_javascript:
      - path: https://cdn.example/robotscope/element.js   # or a copy of the package under docs/
        type: module

Put this file next to mkdocs.yml (or anywhere on PYTHONPATH).
"""
import html

ATTRS = ("agents", "urls", "base", "mode", "expect", "theme", "loading", "open-in", "label", "size-limit")


def validator(language, inputs, options, attrs, md):
    """Keeps the element's attributes from the fence header; refuses any other option."""
    for key, value in inputs.items():
        if key not in ATTRS:
            return False
        options[key] = value
    return True


def formatter(source, language, css_class, options, md, **kwargs):
    """The code block, then the element with the fence's attributes."""
    attributes = "".join(' %s="%s"' % (k, html.escape(v, quote=True)) for k, v in options.items() if k in ATTRS)
    return '<pre class="%s"><code>%s</code></pre><robots-txt-tester%s></robots-txt-tester>' % (
        html.escape(css_class, quote=True),
        html.escape(source, quote=False),
        attributes,
    )
