"""The model stage: label numbering and numbers.lock, effect forms."""
import json

from conftest import VANGUARD_HEADER, VANTAGE_HEADER
from vcompiler.compile import compile_pack
from vcompiler.emit import prepare, write
from vcompiler.model.numbering import assign_numbers, lock_text
from vcompiler.source import Span

S = Span("f", 1, 1, 1, 2)


def test_labels_get_seeded_numbers_in_range_avoiding_fixed_ones():
    labels = [(f"l{i}", S) for i in range(8)]
    numbers, problems = assign_numbers({3: S, 4: S}, labels, {}, 1, 10, seed=7)
    assert problems == []
    assert set(numbers.values()).isdisjoint({3, 4})
    assert all(1 <= n <= 10 for n in numbers.values())
    assert len(set(numbers.values())) == 8
    again, _ = assign_numbers({3: S, 4: S}, labels, {}, 1, 10, seed=7)
    assert again == numbers
    other, _ = assign_numbers({3: S, 4: S}, labels, {}, 1, 10, seed=8)
    assert other != numbers


def test_locked_labels_keep_their_numbers_and_a_new_label_takes_a_free_one():
    first, _ = assign_numbers({}, [("a", S), ("b", S)], {}, 1, 50, seed=1)
    second, _ = assign_numbers({}, [("new", S), ("a", S), ("b", S)], first, 1, 50, seed=1)
    assert second["a"] == first["a"] and second["b"] == first["b"]
    assert second["new"] not in (first["a"], first["b"])


def test_a_removed_label_frees_its_number_and_leaves_the_lock():
    numbers, _ = assign_numbers({}, [("b", S)], {"a": 5, "b": 6}, 1, 50, seed=1)
    assert numbers == {"b": 6}


def test_fixed_number_taken_by_a_locked_label_is_E206():
    where = Span("f", 9, 5, 9, 8)
    numbers, problems = assign_numbers({206: where}, [("x", S)], {"x": 206}, 1, 999, seed=0)
    assert [(p.code.id, p.span) for p in problems] == [("E206", where)]
    assert "@x" in problems[0].message


def test_a_merged_lock_giving_two_labels_one_number_is_one_error_at_its_line(write_pack):
    folder = write_pack({"pack.vcl": LOGBOOK})
    (folder / "numbers.lock").write_text('{\n  "left": 150,\n  "right": 150\n}\n')
    result = compile_pack(folder)
    [problem] = result.diagnostics
    lock = problem.span.file
    assert (problem.code.id, lock.endswith("/numbers.lock"), problem.span.line, problem.span.column) == \
        ("E109", True, 3, 3)
    assert problem.message == "numbers.lock gives 150 to both @left and @right"
    assert "delete the line of the one no printed book sends readers to" in problem.hint
    assert result.sources[lock].line_text(3) == '  "right": 150'
    # The label that lost the number is given another one, not a log defined twice.
    assert result.pack is not None and result.pack.labels["left"] == 150 and result.pack.labels["right"] != 150


def test_a_lock_giving_a_label_a_written_number_is_one_error_at_that_log(write_pack):
    # Before, @left also had the number 120: log 120 defined twice, and its test of
    # @left's check mark testing a log with none.
    checked = LOGBOOK.replace('log @left "Left" { return }', 'log @left "Left" { check; return }')
    folder = write_pack({"pack.vcl": checked
                         + 'log 120 "Fixed" external {\n  if checked log @left -> log 1\n  return\n}\n'})
    (folder / "numbers.lock").write_text('{\n  "left": 120,\n  "right": 150\n}\n')
    [problem] = compile_pack(folder).diagnostics
    assert (problem.code.id, problem.span.line - VANGUARD_HEADER.count("\n") - 1) == ("E206", 8)
    assert "delete the line of left in numbers.lock" in problem.hint


def test_a_log_named_by_the_number_its_label_was_given_is_warned_of_at_the_number(write_pack):
    # The number is the lock's: written out, it follows the lock and not the story, and
    # points elsewhere once the lock is lost or the seed changes.
    by_number = LOGBOOK.replace('choice "Right" -> log @right', 'choice "Right" -> log 150')
    folder = write_pack({"pack.vcl": by_number})
    (folder / "numbers.lock").write_text('{\n  "left": 120,\n  "right": 150\n}\n')
    [warning] = compile_pack(folder).diagnostics
    assert (warning.code.id, warning.message) == ("W416", "log 150 is the number of @right")
    line = VANGUARD_HEADER.count("\n") + 5
    assert (warning.span.line, warning.span.column, warning.span.end_column) == (line, 25, 28)
    assert warning.hint.startswith("write `@right` for 150")


def test_lock_text_is_sorted_one_label_a_line():
    assert lock_text({"b": 2, "a": 10}) == '{\n  "a": 10,\n  "b": 2\n}\n'


LOGBOOK = VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 100..199 seed 5") + '''
log 1 "Start" {
  choice "Left" -> log @left
  choice "Right" -> log @right
}
log @left "Left" { return }
log @right "Right" { return }
'''


def test_adding_a_label_after_a_build_keeps_every_existing_number(write_pack, tmp_path):
    folder = write_pack({"pack.vcl": LOGBOOK})
    first = compile_pack(folder)
    assert first.ok
    write(prepare(first.pack), tmp_path / "out", folder)
    locked = json.loads((folder / "numbers.lock").read_text())
    assert set(locked) == {"left", "right"}

    # A writer inserts a new label before the others in the file.
    text = LOGBOOK.replace('log @left "Left"', 'log @middle "Middle" { return }\nlog @left "Left"')
    text = text.replace('choice "Right"', 'choice "Middle" -> log @middle\n  choice "Right"')
    (folder / "pack.vcl").write_text(text)
    second = compile_pack(folder)
    assert second.ok, second.diagnostics
    assert second.pack.labels["left"] == locked["left"]
    assert second.pack.labels["right"] == locked["right"]
    assert second.pack.labels["middle"] not in locked.values()
    assert 100 <= second.pack.labels["middle"] <= 199


def test_a_label_resolves_in_gotos_text_and_conditions(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + '''
log 1 "Start" {
  text "See {log @far}."
  if checked log @far -> log @far
  -> log @far
}
log @far "Far" { check; return }
'''})
    result = compile_pack(folder)
    number = result.pack.labels["far"]
    start = result.pack.log(1)
    assert start.statements[1].condition.key == number
    assert start.statements[1].target.param("log") == number
    assert start.statements[2].effect.options[0].param("log") == number


def test_effects_get_their_meaning(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + '''
log 1 "Start" {
  replace poi in sector 2 with P101
  spend die
  spend die blue / roll danger T
  return
}
poi P101 "Rock" { final }
planet p "P" { sector 2 { poi slot } }
'''})
    statements = compile_pack(folder).pack.log(1).statements
    replace = statements[0].effect.options[0]
    assert replace.op == "replace_poi_in_sector" and replace.params == (("sector", 2), ("card", "P101"))
    assert statements[1].effect.options[0].params == ()
    assert [o.op for o in statements[2].effect.options] == ["spend_die", "roll_danger"]
    assert statements[2].effect.options[1].param("die") == "T"


def test_an_if_dropped_with_an_error_leaves_its_else_leading_on_without_more_errors(tmp_path):
    # An unknown condition, and a condition on a log whose declaration does not parse:
    # each is one error, never an E315 (`else` with no `if`) or an E401 besides.
    (tmp_path / "a.vcl").write_text(VANGUARD_HEADER + '''
log 1 "Start" {
  if chekced log 2 -> log 3
  else -> log 3
}
log 2 "Two" { check; -> log 3 }
log 3 "Three" {
  if checked log 4 -> log 2
  else -> log 2
}
log 4 "Broken" {
  check
  choice "On" -> 5
  choice "Off" -> log 2
}
''', encoding="utf-8")
    top = VANGUARD_HEADER.count("\n")
    result = compile_pack(tmp_path)
    assert [(d.code.id, d.span.line - top) for d in result.diagnostics if d.severity.name == "ERROR"] == [
        ("E229", 3), ("E100", 13)]
    start = next(log for log in result.pack.logs if log.number == 1)
    assert [type(s).__name__ for s in start.statements] == ["EffectStatement"]


def test_a_second_pack_of_another_name_is_e212_naming_both(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { return }\n',
                         "second.vcl": VANGUARD_HEADER.replace("pack test", "pack other")})
    [found] = compile_pack(folder).diagnostics
    assert (found.code.id, found.span.file.endswith("second.vcl"), found.span.line) == ("E212", True, 1)
    assert found.message.endswith("declares a second pack, other, beside test: a folder holds one pack")
    assert found.related[0].span.file.endswith("pack.vcl")


def test_a_second_pack_pasted_into_a_file_is_blamed_not_pack_vcl(write_pack):
    # "logbook.vcl" is read after "a.vcl" and before "pack.vcl": file order is no guide.
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + 'log 1 "Start" { return }\n',
                         "a.vcl": 'log 2 "Two" external { return }\n' + VANGUARD_HEADER.replace("pack test", "pack b"),
                         "logbook.vcl": 'log 3 "Three" external { return }\n' + VANGUARD_HEADER})
    found = sorted((d.code.id, d.span.file.rsplit("/", 1)[-1], d.span.line, d.hint)
                   for d in compile_pack(folder).diagnostics)
    assert found == [("E205", "logbook.vcl", 2, "a folder holds one pack: remove this declaration"),
                     ("E212", "a.vcl", 2, "move pack b and its files into a folder of their own, "
                                          "or remove one declaration")]


def test_a_copy_of_the_pack_in_a_subfolder_is_one_error_naming_the_subfolder(write_pack):
    # A copy of the files of logs (a copy of pack.vcl too would be a pack of its own).
    logs = 'log 1 "Start" { -> log 2 }\nlog 2 "Two" { return }\nlog 3 "Three" external { return }\n'
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logs.vcl": logs})
    (folder / "backup" / "old").mkdir(parents=True)
    (folder / "backup" / "logs.vcl").write_text(logs)
    (folder / "backup" / "old" / "logs.vcl").write_text(logs)
    [found] = compile_pack(folder).diagnostics
    assert (found.code.id, found.span.file.endswith("/backup/logs.vcl"), found.span.line) == ("E205", True, 1)
    assert found.message == "the subfolder backup/ defines again log 1 and 5 more of the pack's definitions"
    assert found.hint.startswith("every .vcl file under the pack's folder is part of the pack, subfolders too: "
                                 "move backup/ out of ")
    assert found.related[0].span.file.endswith(f"{folder.name}/logs.vcl")


def test_what_the_rules_find_in_a_copy_kept_in_a_subfolder_is_told_in_the_pack_files(write_pack):
    # backup/logs.vcl is read before logs.vcl, but the model keeps the pack's own logs.
    logs = 'log 1 "Start" { -> log 2 }\nlog 2 "Two" { check; return }\n'
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logs.vcl": logs})
    (folder / "backup").mkdir()
    (folder / "backup" / "logs.vcl").write_text(logs)
    found = sorted((d.code.id, d.span.file.removeprefix(str(folder)), d.span.line)
                   for d in compile_pack(folder).diagnostics)
    assert found == [("E205", "/backup/logs.vcl", 1), ("W406", "/logs.vcl", 2)]


LOGS = ('log 1 "Start" { -> log 2 }\nlog 2 "Two" { -> log 3 }\n'
        'log 3 "Three" { check; return }\nlog 4 "Four" external { if checked log 3 -> log 2; return }\n')


def test_a_copy_of_a_file_beside_it_is_one_error_at_the_copy_whichever_is_read_first(write_pack):
    # "logbook copy.vcl" is read before "logbook.vcl" (a space sorts before a dot).
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": LOGS, "logbook copy.vcl": LOGS})
    [found] = compile_pack(folder).diagnostics
    assert (found.code.id, found.span.file.endswith("/logbook copy.vcl"), found.span.line, found.span.column) == (
        "E205", True, 1, 1)
    assert found.message == "logbook copy.vcl defines again log 1 and 3 more of the definitions of logbook.vcl"
    assert found.hint == ("it looks like a copy of logbook.vcl, and every .vcl file in the pack's folder is part "
                          f"of the pack: delete it, or move it out of {folder.name}/ (keep old versions in git)")
    assert (found.related[0].span.file.endswith("/logbook.vcl"), found.related[0].span.line) == (True, 1)


def test_what_the_rules_find_in_a_copied_file_is_told_in_the_original(write_pack):
    # The copy is read first, but the model keeps the original's definitions: deleting
    # the copy leaves the warnings where they were.
    logs = LOGS.replace('log 2 "Two" { -> log 3 }', 'log 2 "Two" { check; -> log 3 }')
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": logs, "logbook copy.vcl": logs})
    found = sorted((d.code.id, d.span.file.rsplit("/", 1)[-1], d.span.line, d.span.column)
                   for d in compile_pack(folder).diagnostics)
    assert found == [("E205", "logbook copy.vcl", 1, 1), ("W406", "logbook.vcl", 2, 15)]


def test_a_copy_edited_since_is_still_one_error_and_two_copies_are_one_each(write_pack):
    edited = LOGS.replace('log 4 "Four" external', 'log 5 "Five" external') + 'log 6 "Six" external { return }\n'
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": LOGS, "Copy of logbook.vcl": edited,
                         "logbook (2).vcl": LOGS})
    found = sorted((d.code.id, d.span.file.rsplit("/", 1)[-1], d.span.line, d.message)
                   for d in compile_pack(folder).diagnostics if d.severity.name == "ERROR")
    assert found == [
        ("E205", "Copy of logbook.vcl", 1, "Copy of logbook.vcl defines again log 1 and 2 more of the "
                                           "definitions of logbook.vcl"),
        ("E205", "logbook (2).vcl", 1, "logbook (2).vcl defines again log 1 and 3 more of the definitions of "
                                       "logbook.vcl")]


def test_a_syntax_error_copied_with_the_file_is_told_once_in_the_original(write_pack):
    broken = 'location 000 "Landfall" {\n  choice "Walk" -> location 101\n}\nlocation 101 "Beach" {\n' \
             '  choice "Back"\n}\n'
    folder = write_pack({"pack.vcl": VANTAGE_HEADER.replace("start location 1", "start location 0"),
                         "locations.vcl": broken, "locations - Copy.vcl": broken})
    found = sorted((d.code.id, d.span.file.rsplit("/", 1)[-1], d.span.line, d.span.column, d.message)
                   for d in compile_pack(folder).diagnostics)
    assert found == [("E100", "locations.vcl", 5, 16, "unexpected end of the line; expected `->`"),
                     ("E205", "locations - Copy.vcl", 1, 1, "locations - Copy.vcl defines again location 000, as "
                                                           "locations.vcl does")]


def test_definitions_moved_into_a_new_file_and_left_in_the_old_name_both_ways(write_pack):
    moved = 'log 2 "Two" { -> log 3 }\nlog 3 "Three" { check; return }\n'
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": LOGS, "cave.vcl": moved})
    [found] = compile_pack(folder).diagnostics
    assert (found.span.file.endswith("/cave.vcl"), found.span.line, found.span.column) == (True, 1, 1)
    assert found.message == "cave.vcl defines again log 2 and 1 more of the definitions of logbook.vcl"
    assert found.hint.endswith("; if you moved these definitions into cave.vcl, delete them from logbook.vcl instead")


def test_one_number_given_twice_in_two_files_is_an_error_of_its_own_still(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER, "logbook.vcl": LOGS,
                         "cave.vcl": 'log 9 "Nine" external { return }\nlog 4 "Cave" external { return }\n'
                                     'log 10 "Ten" external { return }\n'})
    [found] = compile_pack(folder).diagnostics
    assert (found.message, found.span.file.endswith("/logbook.vcl"), found.span.line, found.hint) == (
        "log 4 is defined twice", True, 4, "renumber or remove one of them")
    assert found.related[0].span.file.endswith("/cave.vcl")


def test_an_undefined_sector_of_a_path_or_location_of_an_exit_is_pointed_at_by_its_number(write_pack):
    planet = write_pack({"pack.vcl": VANGUARD_HEADER + '''log 1 "Start" { return }
planet p "P" {
  sector 1 { lander }
  sector 4 { poi slot }
  path 4 <-> 14 [travel]
}
'''}, name="planet")
    [found] = [d for d in compile_pack(planet).diagnostics if d.code.id == "E203"]
    assert (found.span.line, found.span.column, found.span.end_column) == (11, 14, 16)
    coast = write_pack({"pack.vcl": VANTAGE_HEADER + 'location 1 "Shore" { north 104 walk }\n'}, name="coast")
    [found] = [d for d in compile_pack(coast).diagnostics if d.code.id == "E202"]
    assert (found.span.column, found.span.end_column) == (28, 31)


def test_a_second_poi_of_a_sector_is_e328_at_its_id(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER + '''log 1 "Start" { return }
planet p "P" { sector 1 { lander; poi P1 printed; poi P2 printed } }
poi P1 "One" { final }
poi P2 "Two" { final }
'''})
    [found] = compile_pack(folder).diagnostics
    assert (found.code.id, found.span.line, found.span.column, found.span.end_column) == ("E328", 8, 55, 57)
    assert found.message == "sector 1 of planet p has two POIs" and found.related[0].span.column == 39


def test_a_new_label_given_the_number_of_a_label_that_is_gone_is_w104_at_the_label(write_pack):
    folder = write_pack({"pack.vcl": VANGUARD_HEADER.replace("start log 1", "start log 1\n  numbering 100..199 seed 3")
                         + 'log 1 "Start" {\n  -> log @grotto\n}\nlog @grotto "Cave" {\n  return\n}\n'})
    (folder / "numbers.lock").write_text('{\n  "cave": 135\n}\n')
    [found] = compile_pack(folder).diagnostics
    top = VANGUARD_HEADER.count("\n") + 1
    assert (found.code.id, found.span.line - top, found.span.column, found.span.end_column) == ("W104", 4, 5, 12)
    assert found.message == "@grotto is given log number 135, which numbers.lock gave @cave, a label no log has now"
    assert found.hint == ("if @grotto is @cave renamed, rename it in numbers.lock too; if books were printed with "
                          "@cave, keep a log @cave so that 135 stays its own")
    (folder / "numbers.lock").write_text('{\n  "grotto": 135\n}\n')
    assert compile_pack(folder).diagnostics == ()
