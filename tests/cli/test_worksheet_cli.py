"""`visualizer worksheet`: exercises checked by a plain alpha-beta, the files, the index, the codes in
practice, and one-line refusals (exit 2)."""

from __future__ import annotations

import csv
import json
import math
import re
import shutil
import subprocess

import pytest
from cli_helpers import run_cli

from visualizer.games import Player
from visualizer.grading.record import plain_tree
from visualizer.practice.exercise import Exercise
from visualizer.practice.worksheet import choose_exercises


def plain_cutoffs(code: str) -> tuple[int, int, float, list]:
    """(cut-offs, deep cut-offs, value, leaves) of a code's tree by a plain fail-soft alpha-beta: a cut-off
    skips at least one child; it is deep when its bound was set two or more levels above the cut node."""
    exercise = Exercise.from_code(code)
    strict = exercise.random.strict
    found = [0, 0]

    def search(node, depth, alpha, beta, maximizing):
        if not node.children:
            return node.value
        value = -math.inf if maximizing else math.inf
        for index, child in enumerate(node.children):
            result = search(child, depth + 1, alpha, beta, not maximizing)
            value = max(value, result) if maximizing else min(value, result)
            bound = beta if maximizing else alpha
            cut = (
                (value > bound[0] if strict else value >= bound[0])
                if maximizing
                else (value < bound[0] if strict else value <= bound[0])
            )
            if cut:
                if index + 1 < len(node.children):
                    found[0] += 1
                    found[1] += depth - bound[1] >= 2
                return value
            if maximizing and value > alpha[0]:
                alpha = (value, depth)
            elif not maximizing and value < beta[0]:
                beta = (value, depth)
        return value

    tree = plain_tree(exercise.tree)
    value = search(tree, 0, (-math.inf, -1), (math.inf, -1), exercise.tree.root_player is Player.MAX)
    return found[0], found[1], value, [node.value for node in tree.walk() if not node.children]


def one_line_error(capsys, *argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("visualizer") and "Traceback" not in err
    return err


def test_a_worksheet_meets_its_constraints_and_writes_its_files(capsys, tmp_path):
    out = tmp_path / "sheets"
    code, text, err = run_cli(
        capsys,
        "worksheet",
        "--count",
        "3",
        "--cutoffs",
        "3",
        "--seed",
        "7",
        "--out",
        str(out),
        "--format",
        "svg,md,pdf,tex",
    )
    assert code == 0 and err == ""
    assert "worksheet of 3 exercises: branching 2, depth 4, values -10:10, root MAX" in text
    assert "; each with 3 cut-offs" in text and "chosen at random" not in text
    rows = list(csv.DictReader((out / "index.csv").open(encoding="utf-8")))
    assert [row["number"] for row in rows] == ["1", "2", "3"]
    for row in rows:
        cutoffs, deep, value, leaves = plain_cutoffs(row["code"])
        assert (cutoffs, int(row["cutoffs"]), int(row["deep_cutoffs"])) == (3, 3, deep)
        assert int(row["value"]) == value and row["leaves"] == " ".join(str(leaf) for leaf in leaves)
        assert (row["branching"], row["depth"], row["range"], row["root"], row["strict"]) == (
            "2",
            "4",
            "-10:10",
            "max",
            "no",
        )
        assert row["code"] in text
        for kind in ("sheet", "key"):
            for suffix in ("svg", "pdf"):
                assert (out / f"exercise-0{row['number']}-{kind}.{suffix}").stat().st_size > 1000
    assert int(rows[0]["seed"]) >= 7 and len({row["leaves"] for row in rows}) == 3
    sheet = (out / "worksheet.md").read_text(encoding="utf-8")
    key = (out / "worksheet-key.md").read_text(encoding="utf-8")
    for row in rows:
        assert f"## Exercise {row['number']} - code {row['code']}" in sheet and f"exercise {row['code']}" in sheet
        assert f"visualizer practice --code {row['code']} --answers" in sheet
        assert f"exercise-0{row['number']}-sheet.svg" in sheet and f"exercise-0{row['number']}-key.svg" in key
    sheet_blocks, key_blocks = (
        re.findall(r"```text\n(.*?)```", sheet, re.S),
        re.findall(r"```text\n(.*?)```", key, re.S),
    )
    assert len(sheet_blocks) == len(key_blocks) == 3
    marked = re.compile(r"^ *\S+ +pruned$", re.M)  # a node marked pruned (the comment line says "NAME pruned")
    assert not any(marked.search(block) for block in sheet_blocks) and all(marked.search(block) for block in key_blocks)
    assert "cut-offs" not in sheet and "each with 3 cut-offs" in key  # the sheet gives nothing away
    assert r"\begin{tikzpicture}" in (out / "worksheet.tex").read_text()


def test_the_key_in_worksheet_key_md_passes_practice_and_the_blank_sheet_scores_nothing(capsys, tmp_path):
    out = tmp_path / "sheets"
    assert run_cli(capsys, "worksheet", "--count", "2", "--seed", "3", "--out", str(out), "--format", "md")[0] == 0
    blocks = re.findall(r"```text\n(.*?)```", (out / "worksheet-key.md").read_text(encoding="utf-8"), re.S)
    sheets = re.findall(r"```text\n(.*?)```", (out / "worksheet.md").read_text(encoding="utf-8"), re.S)
    rows = list(csv.DictReader((out / "index.csv").open(encoding="utf-8")))
    assert len(blocks) == len(sheets) == len(rows) == 2
    for row, block, blank in zip(rows, blocks, sheets):
        (tmp_path / "key.txt").write_text(block, encoding="utf-8")
        (tmp_path / "blank.txt").write_text(blank, encoding="utf-8")
        code, text, _ = run_cli(capsys, "practice", "--code", row["code"], "--answers", str(tmp_path / "key.txt"))
        assert code == 0 and "31/31 nodes right (100%)" in text
        code, text, _ = run_cli(capsys, "practice", "--code", row["code"], "--answers", str(tmp_path / "blank.txt"))
        assert code == 1 and "0/" in text


@pytest.mark.parametrize(
    "options",
    [
        ("--strict", "--root", "min", "--cutoffs", "2", "--depth", "4"),
        ("--root", "min", "--deep-cutoff", "--depth", "4"),
        ("--strict", "--deep-cutoff", "--cutoffs", "4", "--depth", "5", "--range", "-20:20"),
        ("--branching", "3", "--depth", "3", "--cutoffs", "5", "--strict"),
        ("--distinct", "--range", "-50:50", "--depth", "3"),
    ],
)
def test_json_index_and_constraints_under_other_settings(capsys, tmp_path, options):
    code, text, err = run_cli(
        capsys, "worksheet", "--count", "3", "--seed", "11", "--out", str(tmp_path), "--json", *options
    )
    assert code == 0 and err == ""
    index = json.loads(text)
    settings = index["settings"]
    assert settings["seed"] == 11 and settings["seed_chosen"] is False and len(index["exercises"]) == 3
    assert index["tried"] >= 3 and sorted(index["files"]) == sorted(str(path) for path in tmp_path.iterdir())
    for row in index["exercises"]:
        cutoffs, deep, value, leaves = plain_cutoffs(row["code"])
        exercise = Exercise.from_code(row["code"])
        assert exercise.random.strict is settings["strict"] and exercise.random.root.value == settings["root"]
        assert (row["cutoffs"], row["deep_cutoffs"], row["value"], row["leaves"]) == (cutoffs, deep, value, leaves)
        if settings["cutoffs"] is not None:
            assert cutoffs == settings["cutoffs"]
        if settings["deep_cutoff"]:
            assert deep >= 1
        if settings["distinct"]:
            assert len(set(leaves)) == len(leaves)
    rows = list(csv.DictReader((tmp_path / "index.csv").open(encoding="utf-8")))
    assert [row["code"] for row in rows] == [row["code"] for row in index["exercises"]]


def test_a_seed_is_drawn_and_shown_when_omitted(capsys, tmp_path):
    code, text, _ = run_cli(capsys, "worksheet", "--count", "1", "--depth", "2", "--out", str(tmp_path))
    seed = re.search(r"seed (\d+) \(chosen at random; --seed (\d+) repeats this worksheet\)", text)
    assert code == 0 and seed and seed.group(1) == seed.group(2)
    first = (tmp_path / "index.csv").read_text()
    assert (
        run_cli(capsys, "worksheet", "--count", "1", "--depth", "2", "--out", str(tmp_path), "--seed", seed.group(1))[0]
        == 0
    )
    assert (tmp_path / "index.csv").read_text() == first


def test_other_files_in_the_folder_are_left_alone(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "index.csv").write_text("old")
    assert (
        run_cli(
            capsys, "worksheet", "--count", "1", "--depth", "2", "--seed", "1", "--out", str(tmp_path), "--format", "md"
        )[0]
        == 0
    )
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "index.csv").read_text().startswith("number,code,")
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "index.csv",
        "notes.txt",
        "worksheet-key.md",
        "worksheet.md",
    ]


@pytest.mark.parametrize(
    "options, words",
    [
        (("--depth", "3", "--cutoffs", "3"), "--cutoffs 3 is impossible on a tree of branching 2 and depth 3"),
        (("--depth", "3", "--deep-cutoff"), "--deep-cutoff needs a tree of --depth 4 or more"),
        (("--depth", "4", "--distinct", "--range", "0:9"), "--distinct needs 16 different leaf values"),
        (("--count", "0"), "--count is 0"),
        (("--count", "-2"), "--count is -2"),
        (("--cutoffs", "-1"), "--cutoffs is -1"),
        (("--depth", "-1"), "--depth is -1"),
        (("--branching", "0"), "--branching is 0"),
        (("--seed", "-5"), "--seed is -5"),
        (("--depth", "7", "--branching", "3"), "too many to work by hand"),
        (("--range", "10:1"), "LO above HI"),
        (("--range", "ten"), "--range is 'ten'"),
        (("--theme", "neon"), "--theme 'neon' is not a theme"),
        (("--format", "svg,jpg"), "--format has 'jpg'"),
        (("--cutofs", "2"), "unrecognized arguments"),
        (("--root", "maxx"), "invalid choice"),
        (("--count", "2", "--depth", "1", "--branching", "1", "--range", "0:0"), "only 1 different trees"),
    ],
)
def test_impossible_requests_are_refused_in_one_line(capsys, tmp_path, options, words):
    err = one_line_error(capsys, "worksheet", "--seed", "1", "--out", str(tmp_path / "new"), *options)
    assert words in err
    assert not (tmp_path / "new").exists()


def test_an_unmeetable_request_is_refused_after_the_bounded_search(capsys, tmp_path, monkeypatch):
    # The CLI searches with choose_exercises' default bound, 10,000 trees (~10 s); 400 here tell the same
    # refusal. tests/unit/test_worksheet.py refuses after 50 tries without the CLI.
    assert choose_exercises.__kwdefaults__["max_tries"] == 10_000
    monkeypatch.setitem(choose_exercises.__kwdefaults__, "max_tries", 400)
    err = one_line_error(
        capsys,
        "worksheet",
        "--count",
        "1",
        "--depth",
        "2",
        "--range",
        "0:0",
        "--cutoffs",
        "0",
        "--seed",
        "1",
        "--out",
        str(tmp_path / "new"),
    )
    assert "found 0 of the 1 exercise asked for in 400 random trees" in err
    assert "ask for --cutoffs the trees tried often have: 1 (400 trees)" in err
    assert not (tmp_path / "new").exists()


def test_an_out_that_is_a_file_is_refused(capsys, tmp_path):
    (tmp_path / "taken").write_text("mine")
    err = one_line_error(capsys, "worksheet", "--depth", "2", "--seed", "1", "--out", str(tmp_path / "taken"))
    assert "is a file" in err and (tmp_path / "taken").read_text() == "mine"


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_tex_documents_compile(capsys, tmp_path):
    assert (
        run_cli(
            capsys,
            "worksheet",
            "--count",
            "2",
            "--depth",
            "3",
            "--seed",
            "5",
            "--out",
            str(tmp_path),
            "--format",
            "tex",
        )[0]
        == 0
    )
    for name in ("worksheet", "worksheet-key"):
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout[-2000:]
        assert (tmp_path / f"{name}.pdf").read_bytes().startswith(b"%PDF")
        assert "Overfull" not in done.stdout
    if shutil.which("mutool"):
        info = subprocess.run(["mutool", "info", str(tmp_path / "worksheet.pdf")], capture_output=True, text=True)
        assert "Pages: 2" in info.stdout
