"""tools/bench_device.py's reading of what the device half prints: the
``@@ name value`` lines, and MicroPython's qstr_info lines, whose first says
how many names the harness interned and whose last how many were interned by
the end (a Pico's table of names only grows, in pools that double: the
seventh, 1,280 names, comes at the 1,261st). CPython only; imports
tools/bench_device.py."""

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


def test_the_report_names_the_interned_names():
    lines = []
    got = {"qstr_names": 1326, "qstr_bench": 196, "qstr_app": 1130, "qstr_pools": 7}
    bench_device.report(got, lines.append)
    assert len(lines) == 4 and "1326" in lines[0] and "196" in lines[1] and "1130" in lines[2]
    assert "7th" in lines[3]
