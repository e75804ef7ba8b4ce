"""What a book may load while it renders: the package's own templates, icons and
fonts, and `data:` URIs. Nothing else: no other file, no network, no redirect. Pack
text is escaped before it reaches the HTML, so this is the second wall, not the first."""
from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from vcompiler.render.paths import TEMPLATES

__all__ = ["TEMPLATES", "PackageFetcher", "RefusedResource"]


class RefusedResource(ValueError):
    """A book asked for something outside the package."""


class PackageFetcher(URLFetcher):
    def __init__(self) -> None:
        super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
        self.root = TEMPLATES.resolve()

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme != "file" or parts.netloc not in ("", "localhost"):
            raise RefusedResource(f"refused {url!r}: books load only their own resources")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise RefusedResource(f"refused {url!r}: outside the package's templates")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".ttf":
            kind = "font/ttf"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": kind})
