"""Words too long for a line of the books: W514 from check, and a break inside the
column where the line ends when the books print them."""
import io

from pypdf import PdfReader

from conftest import VANGUARD_HEADER
from vcompiler.compile import compile_pack
from vcompiler.render.books import logbook
from vcompiler.render.pdf import RenderOptions, render_book


def _log(text: str) -> str:
    return f'log 1 "Log 1" {{\n  text "{text}"\n  return\n}}\n'


def test_a_word_wider_than_a_column_is_w514_and_broken_within_its_column(write_pack):
    word = "A" + "a" * 139
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + _log(f"Before {word} after.")})
    result = compile_pack(folder)
    assert [(d.code.id, d.span.line, d.span.column, d.span.end_column) for d in result.diagnostics] == \
        [("W514", 8, 16, 156)]
    pdf = render_book(logbook(result.model), RenderOptions(paper="a4"))
    page = PdfReader(io.BytesIO(pdf)).pages[1]
    runs = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: runs.append((text.strip(), tm[4], tm[5]))
                      if text.strip() else None)
    pieces = [(x, y) for text, x, y in runs if text and set(text) <= set("Aa")]
    # Broken into lines of the left column, each starting where the column does; none
    # runs on across the other column (which starts past the page's middle).
    assert len(pieces) >= 3 and len({round(x) for x, _ in pieces}) == 1
    longest = max(len(text) for text, _, _ in runs if set(text) <= set("Aa"))
    assert longest * 0.596 * 9.5 < 88.5 * 72 / 25.4


def test_only_an_entry_that_may_hold_a_long_word_lets_words_break(write_pack):
    from conftest import CONTENT
    from vcompiler.render.typeset import long_worded
    word = "A" + "a" * 139
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + _log(f"Before {word} after.")
                         + 'log 2 "Log 2" {\n  text "Short words only."\n  return\n}\n'})
    entries = logbook(compile_pack(folder).model).entries
    assert [long_worded(entry) for entry in entries] == [True, False]
    shipped = logbook(compile_pack(CONTENT / "eye-of-the-void").model).entries
    assert not any(long_worded(entry) for entry in shipped)


def _text_laid_out(monkeypatch, folder) -> int:
    """How many characters WeasyPrint hands to Pango while `check` measures the cards."""
    from weasyprint.text import line_break

    from vcompiler.driver.cli import _with_card_fit
    laid_out = [0]
    create, set_text = line_break.create_layout, line_break.Layout.set_text

    def counted_create(text, *args, **kwargs):
        laid_out[0] += len(text)
        return create(text, *args, **kwargs)

    def counted_set_text(self, text, *args, **kwargs):
        laid_out[0] += len(text)
        return set_text(self, text, *args, **kwargs)
    monkeypatch.setattr(line_break, "create_layout", counted_create)
    monkeypatch.setattr(line_break.Layout, "set_text", counted_set_text)
    [result] = _with_card_fit([compile_pack(folder)], use_cache=False)
    assert [d.code.id for d in result.diagnostics] == ["W510"]
    return laid_out[0]


def test_a_card_word_of_thousands_of_letters_is_measured_in_time_linear_in_its_length(write_pack, monkeypatch):
    def pack(letters: int):
        word = "A" + "a" * (letters - 1)
        return write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" {\n  reveal mission M01\n  return\n}\n'
                           + f'mission M01 "Go" {{ text "Go {word} there." }}\n'}, name=f"w{letters}")
    single, double = (_text_laid_out(monkeypatch, pack(n)) for n in (3000, 6000))
    # Each line laid out once: twice the letters, about twice the text shaped. Laying out
    # all the rest of the word again for each line of it made that four times.
    assert double < 2.5 * single
