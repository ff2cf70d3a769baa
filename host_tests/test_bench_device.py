"""tools/bench_device.py's reading of what the device half prints: the
``@@ name value`` lines, and MicroPython's qstr_info lines, tagged (before
and after the harness loads, at the peak, at the end) or, untagged, the
first the harness's names and the last those by the end (a Pico's table of
names only grows, in pools that double: the seventh, 1,280 names, comes at
the 1,261st); the app's peak with the pools the harness's names caused taken
out (tools/bench/mode_boots.py's figure); each figure of the report against
its budget. CPython only; imports tools/bench/mp_device.py."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools"))

import mp_device as bench_device  # noqa: E402  tools/bench/mp_device.py


def test_parse_reads_the_figures_and_the_first_and_last_qstr_lines():
    text = (
        "__H__ boot\r\n"
        "@@ bench_heap 15440\r\n"
        "qstr pool: n_pool=4, n_qstr=196, n_str_data_bytes=1500, n_total_bytes=3420\r\n"
        "@@ live_peak 146080\r\n"
        "@@ live_peak_where PlayScreen.page3\r\n"
        "@@ error something\r\n"
        "qstr pool: n_pool=7, n_qstr=1326, n_str_data_bytes=12100, n_total_bytes=27600\r\n"
    )
    got = bench_device.parse(text)
    assert got["bench_heap"] == 15440 and got["live_peak"] == 146080
    assert got["live_peak_where"] == "PlayScreen.page3"
    assert got["errors_seen"] == ["something"]
    assert (got["qstr_bench"], got["qstr_names"], got["qstr_pools"], got["qstr_bytes"]) == (
        196,
        1326,
        7,
        27600,
    )
    assert got["qstr_app"] == 1326 - 196  # the names by the end less the harness's
    assert "qstr_names" not in bench_device.parse("@@ done 1\n")  # CPython prints none


def test_the_report_says_each_figure_against_its_budget():
    lines = []
    got = {"menu_frame_us": 9100, "six_cards_us": 1200, "hard_play_worst_us": 9100, "x": 5}
    bench_device.report(got, lines.append)
    assert len(lines) == 3, lines  # the figures it knows, in its order
    assert "menu frame" in lines[0] and "9.10 ms" in lines[0] and "OVER" in lines[0]
    assert "six cards" in lines[1] and "budget" not in lines[1]
    assert "hard pegging decision, worst" in lines[2] and lines[2].endswith("ok")


def _line(n_pool, n_qstr, text, total):
    return "qstr pool: n_pool=%d, n_qstr=%d, n_str_data_bytes=%d, n_total_bytes=%d\r\n" % (
        n_pool,
        n_qstr,
        text,
        total,
    )


# a Pico's pools (24 + 6 bytes a name, 16-byte blocks) of 20, 40, ... 1,280 names
PICO_POOLS = [(20 << k, (24 + 6 * (20 << k) + 15) // 16 * 16) for k in range(7)]


def test_the_tagged_qstr_lines_say_the_harnesss_names_and_the_pools_at_the_peak():
    heap = sum(b for _, b in PICO_POOLS)  # 7 pools: 15,504 bytes
    text = (
        "@@ qstr_at start\r\n" + _line(1, 6, 50, 50 + 144)
        + "@@ bench_heap 20000\r\n"
        + "@@ qstr_at harness\r\n" + _line(4, 214, 1800, 1800 + 144 + 256 + 496 + 976)
        + "@@ qstr_at peak\r\n" + _line(6, 1200, 9000, 9000 + heap - PICO_POOLS[6][1])
        + "@@ qstr_at peak\r\n" + _line(7, 1267, 9500, 9500 + heap)
        + "@@ live_peak 128000\r\n"
        + "@@ qstr_at end\r\n" + _line(7, 1290, 9800, 9800 + heap)
    )  # fmt: skip
    got = bench_device.parse(text)
    assert got["qstr_bench"] == 214 - 6  # the names the harness interned
    assert got["qstr_peak"][1] == 1267 and got["qstr_names"] == 1290
    assert bench_device.pool_layout(got["qstr_end"]) == PICO_POOLS
    got = bench_device.app_heap(got)
    assert got["app_live_peak"] == 128000 - 20000
    # with the harness: the app paid pools 5, 6, 7; alone its 1,059 names fill
    # pools 2 to 6: the 7th less the harness's pools 2, 3, 4
    extra = PICO_POOLS[6][1] - sum(b for _, b in PICO_POOLS[1:4])
    assert got["qstr_harness_pool_bytes"] == extra
    assert got["app_live_peak_own"] == 128000 - 20000 - extra


def test_a_layout_that_fits_no_pools_gives_no_own_figure():
    assert bench_device.pool_layout((7, 1267, 9500, 9500 + 12345)) is None
    got = bench_device.parse(
        "@@ live_peak 100\n@@ bench_heap 10\n@@ qstr_at harness\n"
        + _line(1, 5, 40, 40 + 144)
        + "@@ qstr_at peak\n"
        + _line(1, 6, 50, 50 + 144)
    )
    got = bench_device.app_heap(got)
    assert got["app_live_peak"] == 90 and "app_live_peak_own" not in got
