"""CPython only (Pillow): tools/gen/board_png.py draws the pegs where the
pegboard lights them, and refuses bad arguments with a message."""

import os
import sys

import pytest

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "gen")
)
import board_png as render_board  # noqa: E402

PIL = pytest.importorskip("PIL.Image")


def test_pegs_drawn_in_their_holes(tmp_path):
    out = str(tmp_path / "b.png")
    assert render_board.main(["--scores", "87", "112", "--rear", "80", "104", "--out", out]) == 0
    img = PIL.open(out).convert("RGB")
    args = render_board.parse_args(["--scores", "87", "112"])
    assert img.size[0] > 600

    def centre(track, hole):
        # same geometry as the tool: rows of 30 with five-hole groups
        k = hole - 1
        row, col = divmod(k, render_board.PER_ROW)
        x = 70 + col * render_board.PITCH + (col // 5) * render_board.GROUP_GAP
        rows = 4
        y = 44 + track * (rows * render_board.PITCH + 16) + row * render_board.PITCH
        c = render_board.HOLE // 2
        return img.getpixel((x + c, y + c))

    r, g, b = centre(0, 87)
    assert r > 150 and g < 40 and b < 40  # A's front peg, red
    r, g, b = centre(1, 112)
    assert b > 150 and r < 40  # B's front peg, blue
    dim = centre(0, 80)
    assert 40 < dim[0] < r + 200 and dim[0] < centre(0, 87)[0]  # rear peg dimmer
    assert centre(0, 86) == centre(0, 84)  # empty holes look alike
    assert args.board == "pico"


def test_bad_arguments_explained(capsys):
    with pytest.raises(SystemExit):
        render_board.main(["--scores", "87", "400"])
    assert "out of range" in capsys.readouterr().err
    # past the game hole: refused with exit status 2, not drawn
    for argv in (
        ["--scores", "130", "5"],
        ["--scores", "5", "122"],
        ["--scores", "62", "0", "--target", "61"],
        ["--scores", "10", "20", "--rear", "-1", "3"],
    ):
        with pytest.raises(SystemExit) as e:
            render_board.main(argv)
        assert e.value.code == 2, argv
        assert "out of range 0..%s" % ("61" if "61" in argv else "121") in capsys.readouterr().err
    assert render_board.parse_args(["--scores", "121", "0"]).scores == [121, 0]
    with pytest.raises(SystemExit):
        render_board.main(["--board", "uno"])
    assert "invalid choice" in capsys.readouterr().err


def test_out_is_a_png_in_a_folder_that_exists(tmp_path, capsys):
    for argv, words in (
        (["--out", str(tmp_path / "b.txt")], ".png file"),
        (["--out", str(tmp_path / "nonexistent" / "x.png")], "does not exist"),
    ):
        with pytest.raises(SystemExit) as e:
            render_board.main(argv)
        assert e.value.code == 2 and words in capsys.readouterr().err, argv
    assert not os.path.exists(tmp_path / "nonexistent")  # no folder made
    assert not os.path.exists(tmp_path / "b.txt")
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        if not os.access(str(ro), os.W_OK):  # not as root
            assert render_board.main(["--out", str(ro / "x.png")]) == 2
            assert "cannot write" in capsys.readouterr().err
    finally:
        ro.chmod(0o700)


def test_without_out_the_picture_goes_to_build_not_the_current_folder(tmp_path, capsys):
    here = os.getcwd()
    os.chdir(str(tmp_path))
    try:
        assert render_board.main(["--scores", "3", "4"]) == 0
    finally:
        os.chdir(here)
    assert os.listdir(str(tmp_path)) == []  # nothing in the current folder
    said = capsys.readouterr().out
    assert render_board.DEFAULT_OUT in said and os.path.exists(render_board.DEFAULT_OUT)
    assert render_board.DEFAULT_OUT.endswith(os.path.join("build", "board.png"))
