"""Where the templates, stylesheets, fonts and icons of the printed matter are: a module
of its own, so that the process that writes the HTML need not import WeasyPrint."""
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
