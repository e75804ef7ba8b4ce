"""What a render worker loads before its first job, imported once by the fork server
the workers are forked from (workers.pool), not once by each worker: WeasyPrint and the
modules it imports as it lays out and writes a document (a third of a second), and the
hyphenation patterns of the books' language."""
import fontTools.subset  # noqa: F401  (WeasyPrint subsets the fonts it embeds)
import pyphen
import weasyprint  # noqa: F401
import weasyprint.layout  # noqa: F401
import weasyprint.pdf  # noqa: F401

import vcompiler.render  # noqa: F401
import vcompiler.render.fetcher  # noqa: F401
import vcompiler.render.pdf  # noqa: F401

# Kept by pyphen for every later dictionary of the language (book.html.j2: lang="en",
# or the language of a translated edition vcompiler speaks).
for _language in ("en", "de"):
    pyphen.Pyphen(lang=pyphen.language_fallback(_language))
