"""MkDocs hooks: the site reads the docs as the tests do.

A ```vcl block's info string says how the tests compile it (`vcl vantage`, `vcl
expect=E334`); Markdown takes one word there, so the site shows each as a plain vcl
block."""
import re

_VCL_INFO = re.compile(r"^```vcl\b[^\n]*$", re.M)


def on_page_markdown(markdown: str, **_: object) -> str:
    return _VCL_INFO.sub("```vcl", markdown)
