"""The `stats` command: the table and plot, CSV byte for byte, --plot images, --json with each tree's
seed (checked by rebuilding trees with `run --random`), and one-line errors (exit code 2) that leave
existing files alone.
"""

from __future__ import annotations

import csv
import io
import json
import shlex
import sys
from fractions import Fraction
from xml.etree import ElementTree

import pytest
from cli_helpers import run_cli

SMALL = ("--leaves", "8,16", "--trials", "3")
WIDE = "--range=-1000000:1000000"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def stats_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "stats", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def table_row(out: str, label: str, leaves: int | None = None) -> list[str]:
    """The table line of `label` (under the size `leaves` when given), split on runs of 2+ spaces."""
    lines = out.splitlines()
    start = 0
    if leaves is not None:
        start = next(index for index, line in enumerate(lines) if line.split()[:1] == [str(leaves)])
    line = next(line for line in lines[start:] if f"  {label}" in line)
    return [cell.strip() for cell in line.split("  ") if cell.strip()]


# -- the text report ------------------------------------------------------------------------------


def test_text_report_has_the_header_the_table_the_plot_and_the_summary(capsys):
    code, out, err = run_cli(
        capsys, "stats", "--leaves", "8", "--trials", "4", "--seed", "7", WIDE, "--orders", "natural,best"
    )
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    assert out.startswith(
        "Pruned-tree study: 8 leaves, branching 2, 4 random trees per size, values -1000000:1000000, root max, seed 7\n"
    )
    assert "alpha-beta orders: natural, best" in out
    assert table_row(out, "minimax") == ["8", "3", "minimax", "15.0 ± 0.0", "8.0 ± 0.0", "-", "5"]
    # Perfect ordering on a depth-3 binary tree with distinct leaves: 4 + 2 - 1 = 5 leaves, 3/8 saved;
    # nodes: the root, both children, 3 grandchildren (one is cut off) and the 5 leaves = 11.
    assert table_row(out, "alphabeta (best)") == ["alphabeta (best)", "11.0 ± 0.0", "5.0 ± 0.0", "38%"]
    assert "Leaves evaluated: minimax vs alpha-beta" in out
    assert "Knuth-Moore minimum" in out and "\x1b" not in out  # no colours when stdout is not a terminal
    assert max(len(line) for line in out.splitlines() if "│" in line) <= 80
    assert out.rstrip().splitlines()[-1].endswith("perfect ordering: 62% (Knuth-Moore 5).")


def test_an_omitted_seed_is_chosen_and_shown(capsys):
    code, out, _ = run_cli(capsys, "stats", *SMALL)
    assert code == 0
    seed = out.split("seed ", 1)[1].split()[0]
    assert f"(chosen at random; --seed {seed} repeats this study)" in out


def test_the_header_tells_how_to_rebuild_a_tree(capsys):
    code, out, _ = run_cli(capsys, "stats", *SMALL, "--seed", "3", "--branching", "3", "--root", "min")
    assert code == 0
    command = out.split("`")[1]
    assert command.startswith("visualizer run --random --leaves 16 --branching 3 --root min --seed ")
    code, tree, _ = run_cli(capsys, *shlex.split(command)[1:], "--json")
    assert code == 0 and json.loads(tree)["spec"]["leaves"] == 16


# -- CSV ------------------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_csv_byte_for_byte(capsys, tmp_path):
    first, second, other = tmp_path / "first.csv", tmp_path / "second.csv", tmp_path / "other.csv"
    for path, seed in ((first, "5"), (second, "5"), (other, "6")):
        code, out, _ = run_cli(
            capsys, "stats", *SMALL, "--orders", "natural,random", "--seed", seed, "--csv", str(path)
        )
        assert code == 0 and f"wrote {path}" in out
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    assert sorted(item.name for item in tmp_path.iterdir()) == ["first.csv", "other.csv", "second.csv"]


def test_csv_has_one_row_per_size_and_search_agreeing_with_the_json_samples(capsys, tmp_path):
    path = tmp_path / "study.csv"
    options = ("--leaves", "8,12", "--trials", "4", "--seed", "9", "--orders", "natural,worst")
    code, _, _ = run_cli(capsys, "stats", *options, "--csv", str(path))
    assert code == 0
    text = path.read_text()
    assert text.splitlines()[0] == (
        "leaves,depth,branching,algorithm,order,trials,seed,range,root,nodes_mean,"
        "nodes_sd,leaves_mean,leaves_sd,nodes_saved,leaves_saved,knuth_moore"
    )
    rows = csv_rows(text)
    assert [(row["leaves"], row["algorithm"], row["order"]) for row in rows] == [
        ("8", "minimax", "natural"),
        ("8", "alphabeta", "natural"),
        ("8", "alphabeta", "worst"),
        ("12", "minimax", "natural"),
        ("12", "alphabeta", "natural"),
        ("12", "alphabeta", "worst"),
    ]
    assert rows[0]["depth"] == "3" and rows[0]["knuth_moore"] == "5"
    assert rows[3]["depth"] == "" and rows[3]["knuth_moore"] == ""  # 12 leaves: not a perfect tree
    assert (rows[3]["nodes_mean"], rows[3]["nodes_sd"], rows[3]["leaves_mean"]) == ("23.000", "0.000", "12.000")
    assert {(row["branching"], row["trials"], row["seed"], row["range"], row["root"]) for row in rows} == {
        ("2", "4", "9", "-10:10", "max")
    }
    study = stats_json(capsys, *options)
    for row, entry in zip(rows, study["rows"], strict=True):
        minimax = next(item for item in study["rows"] if item["leaves"] == entry["leaves"])
        full = sum(tree["leaves"] for tree in minimax["trees"])
        saved = 1 - Fraction(sum(tree["leaves"] for tree in entry["trees"]), full)
        assert row["leaves_saved"] == f"{float(saved):.4f}"
        assert row["leaves_mean"] == f"{sum(tree['leaves'] for tree in entry['trees']) / 4:.3f}"


# -- JSON -----------------------------------------------------------------------------------------


def test_json_has_the_settings_and_every_row(capsys):
    study = stats_json(capsys, *SMALL, "--seed", "1", "--orders", "natural,best,worst")
    assert study["settings"] == {
        "sizes": [{"leaves": 8, "depth": 3}, {"leaves": 16, "depth": 4}],
        "branching": 2,
        "trials": 3,
        "range": [-10, 10],
        "seed": 1,
        "root": "max",
        "orders": ["natural", "best", "worst"],
        "algorithms": ["alphabeta"],
    }
    assert [(row["leaves"], row["label"]) for row in study["rows"]] == [
        (leaves, label)
        for leaves in (8, 16)
        for label in ("minimax", "alphabeta (natural)", "alphabeta (best)", "alphabeta (worst)")
    ]
    for row in study["rows"]:
        assert len(row["trees"]) == 3
        assert row["knuth_moore"] == {8: 5, 16: 7}[row["leaves"]]
    minimax = study["rows"][4]
    assert (minimax["nodes_mean"], minimax["nodes_sd"], minimax["leaves_saved"]) == (31, 0, 0)


def test_json_tree_seeds_rebuild_the_trees_the_study_searched(capsys):
    study = stats_json(capsys, "--leaves", "8,32", "--trials", "2", "--seed", "4", WIDE)
    assert study["rebuild"] == "visualizer run --random --leaves LEAVES --range=-1000000:1000000 --seed SEED"
    for row in study["rows"]:
        if row["label"] != "alphabeta (natural)":
            continue
        for tree in row["trees"]:
            command = study["rebuild"].replace("LEAVES", str(row["leaves"])).replace("SEED", str(tree["seed"]))
            code, out, _ = run_cli(capsys, *shlex.split(command)[1:], "--json")
            assert code == 0
            counts = json.loads(out)["stats"]
            assert (counts["nodes_visited"], counts["leaves_evaluated"]) == (tree["nodes"], tree["leaves"])


def test_json_keeps_stdout_clean_when_files_are_written(capsys, tmp_path):
    path = tmp_path / "study.csv"
    code, out, err = run_cli(capsys, "stats", *SMALL, "--seed", "1", "--json", "--csv", str(path))
    assert code == 0
    assert json.loads(out)["settings"]["seed"] == 1
    assert err == f"wrote {path}\n"


# -- images ---------------------------------------------------------------------------------------


def test_plot_writes_a_png(capsys, tmp_path):
    path = tmp_path / "study.png"
    code, out, _ = run_cli(capsys, "stats", *SMALL, "--seed", "1", "--plot", str(path))
    assert code == 0 and f"wrote {path}" in out
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1600, 900)


def test_plot_writes_the_same_svg_for_the_same_seed(capsys, tmp_path):
    first, second = tmp_path / "a.svg", tmp_path / "nested" / "b.SVG"
    for path in (first, second):
        code, _, _ = run_cli(capsys, "stats", *SMALL, "--orders", "natural,best", "--seed", "2", "--plot", str(path))
        assert code == 0
    root = ElementTree.fromstring(first.read_bytes())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = first.read_text()
    assert "alphabeta (best)" in text and "Knuth-Moore minimum" in text
    assert first.read_bytes() == second.read_bytes()


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--orders", "natural,bogus"], "--orders is 'natural,bogus'; choose from natural, best, worst, random"),
        (["--depth-range", "5:2"], "--depth-range 5:2 needs 1 <= LO <= HI"),
        (["--trials", "0"], "--trials is 0; it must be 1 or more"),
        (["--branching", "1"], "--branching is 1; the study needs 2 or more children per node"),
        (["--branching", "0", "--leaves", "8"], "--branching is 0"),
        (["--leaves", "8,x"], "--leaves is '8,x'"),
        (["--range", "5:1"], "--range 5:1 has LO above HI"),
        (["--plot", "study.gif"], "end the name in .svg or .png"),
        (["--plot", "study"], "end the name in .svg or .png"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, message):
    code, out, err = run_cli(capsys, "stats", "--seed", "1", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("visualizer: error: ") and err.count("\n") == 1
    assert message in err


def test_folders_and_blocked_paths_are_refused_before_the_study(capsys, tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    cases = [
        (["--plot", str(tmp_path)], f"--plot {tmp_path} is a folder"),
        (["--csv", str(tmp_path)], f"--csv {tmp_path} is a folder"),
        (["--csv", str(blocker / "study.csv")], f"{blocker} is a file, not a folder"),
        (["--plot", str(blocker / "deeper" / "study.png")], f"{blocker} is a file, not a folder"),
        (["--csv", str(tmp_path / "x.svg"), "--plot", str(tmp_path / "x.svg")], "give them different files"),
    ]
    for argv, message in cases:
        code, out, err = run_cli(capsys, "stats", *SMALL, "--seed", "1", *argv)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and message in err
    assert sorted(item.name for item in tmp_path.iterdir()) == ["blocker"]


@pytest.mark.parametrize(
    "argv", [["--orders", "bogus"], ["--plot", "study.jpg"], ["--plot", "{blocker}/study.png"], ["--trials", "0"]]
)
def test_a_failed_run_leaves_an_existing_csv_untouched(capsys, tmp_path, argv):
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    path = tmp_path / "study.csv"
    path.write_bytes(b"earlier,results\n1,2\n")
    argv = [item.replace("{blocker}", str(blocker)) for item in argv]
    code, _, err = run_cli(capsys, "stats", *SMALL, "--seed", "1", "--csv", str(path), *argv)
    assert code == 2 and err.startswith("visualizer: error: ")
    assert path.read_bytes() == b"earlier,results\n1,2\n"
    assert sorted(item.name for item in tmp_path.iterdir()) == ["blocker", "study.csv"]


def test_an_existing_csv_is_replaced_whole_on_success(capsys, tmp_path):
    path = tmp_path / "study.csv"
    path.write_text("old\n" * 1000)
    code, _, _ = run_cli(capsys, "stats", *SMALL, "--seed", "1", "--csv", str(path))
    assert code == 0
    assert path.read_text().startswith("leaves,depth,") and "old" not in path.read_text()


# -- progress -------------------------------------------------------------------------------------


def test_a_terminal_gets_a_progress_bar_that_goes_away(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run_cli(capsys, "stats", *SMALL, "--seed", "1")
    assert code == 0 and out.startswith("Pruned-tree study")
    assert "searching trees" in err and "6/6" in err
    # Transient: at the end the cursor is shown again and the bar's line is erased.
    assert "\x1b[?25h" in err and err.endswith("\x1b[2K")


def test_a_terminal_sees_which_files_an_export_is_writing_and_then_only_what_it_wrote(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run_cli(
        capsys, "export", "-a", "alphabeta", "--format", "json,dot", "--out", str(tmp_path), "--name", "shown"
    )
    assert code == 0 and out.startswith("wrote ")
    # The line names the files while they are written, then is erased (as the search's counter before it).
    assert err.endswith("writing shown.json, shown.dot...\r\x1b[K")
    assert err.replace("\r\x1b[K", "") == "writing shown.json, shown.dot..."


def test_no_terminal_no_status_line(capsys, tmp_path):
    code, out, err = run_cli(capsys, "export", "--format", "json", "--out", str(tmp_path))
    assert code == 0 and err == ""
