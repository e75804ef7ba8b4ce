"""What render/weasy_compat.py takes from WeasyPrint's internals still exists and behaves
as that module assumes: a WeasyPrint release that changes one of them fails here, by name,
before it changes a book."""
import inspect

import pytest
import weasyprint
from weasyprint import CSS, HTML

from vcompiler.render import weasy_compat

LEADER_CSS = "@page { size: 100mm 60mm; margin: 5mm; } .page::before { content: leader('.'); }"


def _laid_out(html: str, css: str = "@page { size: 100mm 60mm; margin: 5mm; }", kind: type = HTML):
    return kind(string=f'<!DOCTYPE html><html lang="en"><body>{html}</body></html>').render(
        stylesheets=[CSS(string=css)])


def test_the_installed_weasyprint_is_a_release_this_module_was_tested_with():
    assert weasyprint.__version__.split(".")[0] in weasy_compat.TESTED


def test_a_page_box_holds_the_block_and_line_boxes_of_the_page_in_document_order():
    document = _laid_out('<div id="a"><p id="b">one</p><p id="c">two</p></div>')
    root = weasy_compat.page_box(document.pages[0])
    boxes = list(weasy_compat.descendants(root))
    assert boxes[0] is root
    ids = [box.element.get("id") for box in boxes if weasy_compat.is_block(box) and box.element is not None
           and box.element.get("id")]
    assert ids == ["a", "b", "c"]
    lines = [box for box in boxes if weasy_compat.is_line(box)]
    assert len(lines) == 2 and lines[0].position_y < lines[1].position_y
    assert not any(weasy_compat.is_line(box) for box in boxes if weasy_compat.is_block(box))


def test_children_unwrap_absolutely_placed_boxes_and_a_text_box_has_none():
    document = _laid_out('<div id="holder" style="position: relative"><div id="placed" '
                         'style="position: absolute; top: 10mm">x</div><p id="flow">y</p></div>')
    holder = next(box for box in weasy_compat.descendants(weasy_compat.page_box(document.pages[0]))
                  if getattr(box, "element", None) is not None and box.element.get("id") == "holder"
                  and weasy_compat.is_block(box))
    inner = weasy_compat.children(holder)
    assert [box.element.get("id") for box in inner] == ["placed", "flow"]
    assert all(weasy_compat.is_block(box) for box in inner)
    text = next(box for box in weasy_compat.descendants(inner[1]) if hasattr(box, "text"))
    assert weasy_compat.children(text) == []


def test_margin_boxes_are_made_by_a_function_of_context_page_and_state_that_layout_calls():
    from weasyprint import layout
    from weasyprint.layout import page as pages

    assert list(inspect.signature(pages.make_margin_boxes).parameters) == ["context", "page", "state"]
    assert weasy_compat.skip_empty_margins()
    # Installed in front of WeasyPrint's, which layout still calls through its own name.
    assert layout.make_margin_boxes is not pages.make_margin_boxes
    assert inspect.isgeneratorfunction(layout.make_margin_boxes)
    # A page with a margin box keeps it; one without makes none.
    numbered = _laid_out("<p>x</p>", "@page { size: 100mm 60mm; margin: 10mm; @bottom-center { content: 'n'; } }")
    plain = _laid_out("<p>x</p>", "@page { size: 100mm 60mm; margin: 10mm; }")
    margins = [type(box).__name__ for box in weasy_compat.children(weasy_compat.page_box(numbered.pages[0]))]
    assert "MarginBox" in margins
    assert not [box for box in weasy_compat.children(weasy_compat.page_box(plain.pages[0]))
                if type(box).__name__ == "MarginBox"]


def test_lines_are_split_by_a_function_with_the_parameters_the_stand_in_takes():
    from weasyprint.layout import inline
    from weasyprint.text import line_break

    assert list(inspect.signature(line_break.split_first_line).parameters) == weasy_compat.SPLIT_FIRST_LINE
    assert weasy_compat.hang_trailing_spaces()
    assert inline.split_first_line is not line_break.split_first_line
    assert list(inspect.signature(inline.split_first_line).parameters) == weasy_compat.SPLIT_FIRST_LINE


@pytest.mark.parametrize("agent, size", [("", 16.0), ("h1 { font-size: 3em; }", 48.0)])
def test_a_document_cascades_with_the_user_agent_rules_it_is_given_only(agent, size):
    assert "forms" in inspect.signature(HTML._ua_stylesheets).parameters
    kind = weasy_compat.with_user_agent(CSS(string=agent))
    document = _laid_out("<h1>Title</h1>", kind=kind)
    heading = next(box for box in weasy_compat.descendants(weasy_compat.page_box(document.pages[0]))
                   if getattr(box, "element_tag", None) == "h1")
    assert heading.style["font_size"] == size
    # WeasyPrint's own rules set a heading at 2em.
    default = _laid_out("<h1>Title</h1>")
    assert next(box for box in weasy_compat.descendants(weasy_compat.page_box(default.pages[0]))
                if getattr(box, "element_tag", None) == "h1").style["font_size"] == 32.0


def test_a_leader_is_a_row_of_dot_boxes_joined_into_runs_in_place():
    document = _laid_out('<p style="width: 80mm">Entry <span class="page"></span></p>', LEADER_CSS)

    def leaders():
        return [box for box in weasy_compat.descendants(weasy_compat.page_box(document.pages[0]))
                if getattr(box, "is_leader", False)]
    [leader] = leaders()
    dots = list(leader.children)
    assert len(dots) > 8 and all(dot.text == dots[0].text for dot in dots)
    assert all(hasattr(dot, name) for dot in dots for name in ("copy_with_text", "pango_layout", "position_x"))
    first, width, count = min(dot.position_x for dot in dots), dots[0].width, len(dots)
    weasy_compat.join_leaders(document.pages, 4)
    [leader] = leaders()
    runs = list(leader.children)
    assert len(runs) == -(-count // 4)
    assert runs[0].position_x == first and runs[0].text == dots[0].text * 4
    assert runs[0].width == pytest.approx(4 * width) and runs[0].pango_layout.text == runs[0].text
    assert sum(len(run.text) for run in runs) == count * len(dots[0].text)
    assert document.write_pdf().startswith(b"%PDF")


def test_the_srgb_profile_is_an_icc_profile_of_rgb():
    profile = weasy_compat.srgb_profile()
    assert profile[36:40] == b"acsp" and profile[16:20] == b"RGB "
