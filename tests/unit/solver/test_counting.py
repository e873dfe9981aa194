"""Counting: bit-mask counting (OEIS counts on both engines, the symmetric unique count, jobs,
runners); the checks ``count --cluster`` makes before Dask is handed an address; the 8
symmetries of the square (group laws, orbits, canonical forms, unique counts)."""

from __future__ import annotations

import itertools
import os
import socket
import struct
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import is_valid
from solver.counting.bitmask import (
    Job,
    count,
    count_below,
    count_solutions,
    inline_runner,
    job_rows,
    jobs,
    plan,
    resolve_engine,
    run_job,
)
from solver.counting.cluster_peer import (
    Address,
    ClusterUnavailable,
    _decode_handshake,
    check_address,
    check_owner,
    is_loopback,
    must_own,
    parse_address,
)
from solver.counting.compiled import CompiledUnavailable
from solver.counting.peer_owner import owner_in, parse_endpoint, peer_uid
from solver.counting.unique import run_unique_job, unique_jobs
from solver.symmetry import ROTATIONS, Symmetry, canonical, is_canonical, orbit, unique
from tests.tiers import examples, sweep
from tests.unit.solver.reference_solutions import reference_solutions

# Known facts (OEIS), used as expected values only.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


def test_counts_n_1_to_11_are_oeis_a000170_and_a002562() -> None:
    """n = 12: the workers' test; below an empty board: every solution."""
    assert [count_solutions(n) for n in range(1, 12)] == A000170[:11]
    assert [count_solutions(n, unique=True) for n in range(1, 12)] == A002562[:11]
    assert [count_below(n, 0, 0, 0, 0) for n in range(1, 12)] == A000170[:11]
    for n in range(5, 9):  # the symmetric search's orbits are the canonical forms' count
        canonical = sum(1 for b in reference_solutions(n) if is_canonical(b))
        assert count(n, unique=True).unique == canonical


@pytest.mark.integration  # compiles or loads the numba kernels
def test_the_compiled_engine_counts_n_1_to_14() -> None:
    plain = [count(n, workers=1, engine="compiled") for n in range(1, 15)]
    assert [r.solutions for r in plain] == A000170
    assert {r.engine for r in plain} == {"compiled"}
    unique = [count(n, unique=True, workers=1, engine="compiled") for n in range(1, 15)]
    assert [r.unique for r in unique] == A002562
    assert [r.solutions for r in unique] == A000170  # the symmetric search gives both
    for n in range(1, 9):  # a job below the empty board counts everything
        assert run_job(Job(n, 0, 0, 0, 0, 1, ()), "compiled")[0] == len(reference_solutions(n))


@pytest.mark.integration  # compiles or loads the numba kernels
def test_both_engines_agree_on_every_job() -> None:
    for n in (6, 9, 11):
        for job in plan(n) + plan(n, unique=True):
            assert run_job(job, "python") == run_job(job, "compiled"), job


@pytest.mark.parametrize("n", sweep([9, 10, 11], everyday=[10]))
def test_cutting_the_tree_deeper_changes_nothing(n: int) -> None:
    """Jobs cut below the 2nd, 3rd or 4th row find the same solutions and orbits."""
    by_rows = []
    for rows in (2, 3, 4):
        plain = sum(run_job(job)[0] for job in jobs(n, rows))
        orbits = [
            sum(x) for x in zip(*(run_unique_job(j) for j in unique_jobs(n, rows)), strict=True)
        ]
        by_rows.append((plain, orbits))
        assert all(job.row == min(rows, n - 1) for job in jobs(n, rows))
    assert by_rows[0] == by_rows[1] == by_rows[2]


def test_the_mirror_trick_counts_the_left_half_only() -> None:
    """Jobs start in the left half of the first row (and the middle for odd n)."""
    assert {job.q[0] for job in jobs(8)} == {0, 1, 2, 3}
    assert {job.q[0] for job in jobs(9)} == {0, 1, 2, 3, 4}
    middle = [job for job in jobs(9) if job.q[0] == 4]
    assert middle and all(job.q[1] < 4 for job in middle)
    assert len(jobs(8)) == 6 + 5 + 5 + 5  # the second queen's free squares per first queen


@pytest.mark.parametrize("workers", sweep([1, 2], everyday=[2]))
def test_one_or_two_workers_agree(workers: int) -> None:
    result = count(12, unique=True, workers=workers)
    assert (result.solutions, result.unique) == (14200, 1787)
    assert count(11, workers=workers).unique is None


def test_a_runner_gets_the_jobs_and_may_return_them_in_any_order_and_progress_counts_them() -> None:
    seen: list[int] = []
    reported: list[tuple[int, int]] = []

    def backwards(todo, engine):  # type: ignore[no-untyped-def]
        seen.append(len(todo))
        return inline_runner(list(reversed(todo)), engine)

    report = lambda done, total: reported.append((done, total))  # noqa: E731
    result = count(11, unique=True, runner=backwards, engine="python", progress=report)
    assert (result.solutions, result.unique) == (2680, 341)
    assert seen == [len(plan(11, unique=True))] == [result.jobs]
    assert reported and reported[-1] == (result.jobs, result.jobs)


def test_compiled_without_numba_and_a_bad_n_are_refused_and_count_offers_the_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import solver.counting.compiled as compiled

    monkeypatch.setattr(compiled, "_loaded", None)
    monkeypatch.setattr(compiled, "available", lambda: False)
    with pytest.raises(CompiledUnavailable, match=r"pip install '\.\[fast\]'"):
        count(8, engine="compiled")
    assert resolve_engine("auto", 16) == "python"  # auto falls back
    with pytest.raises(ValueError):
        count(0)
    from solver.counting.bitmask import ENGINES, MAX_COMPILED_N
    from tui.cli import count_cmd

    assert count_cmd.ENGINES == ENGINES and count_cmd.MAX_N == MAX_COMPILED_N  # offered by count


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(4, 8), st.data())
def test_any_job_counts_the_solutions_that_start_with_its_placement(
    n: int, data: st.DataObject
) -> None:
    job = data.draw(st.sampled_from(jobs(n, rows=3)))
    # The solutions as tuples are the same set read row -> column or column -> row.
    starting = [b for b in reference_solutions(n) if tuple(b[: len(job.q)]) == job.q]
    assert run_job(job, "python")[0] == job.weight * len(starting)


def test_lesson_9_says_what_the_counter_does() -> None:
    """The jobs page of lesson 9: its answer is the counter's number of jobs for 8 x 8."""
    import re
    from pathlib import Path

    import lessons

    text = (Path(lessons.__file__).parent / "builtin" / "en" / "09-cost.md").read_text()
    page = text.split("@page Counting in jobs", 1)[1].split("@page", 1)[0]
    answer = re.search(r"^answer: (\d+)$", page, re.MULTILINE)
    assert answer is not None and int(answer.group(1)) == len(jobs(8))
    per_first_queen = [len([j for j in jobs(8) if j.q[0] == c]) for c in range(4)]
    assert "explain: " + " + ".join(map(str, per_first_queen)) + ":" in page
    assert "(three from 17 x 17 on)" in page and job_rows(16) == 2 and job_rows(17) == 3


def test_the_estimate_of_the_tree_is_close_to_its_real_size() -> None:
    """Knuth's probes: on average exactly the number of partial placements the search visits."""
    from solver.counting.estimate import speedup, tree_size

    def nodes(n: int, cols: int = 0, ld: int = 0, rd: int = 0) -> int:
        full = (1 << n) - 1
        avail = full & ~(cols | ld | rd)
        total = 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += nodes(n, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
        return total

    for n in (6, 8, 9):
        assert tree_size(n, probes=4000) == pytest.approx(nodes(n), rel=0.08)
    assert speedup(2, 2, 0.0) == 2.0 and speedup(1, 2, 3.0) == 1.0
    assert speedup(2, 2, 4.0) == pytest.approx(2 * (2 / 6) / (2 / 5))


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tcp://lab1:8786", Address("tcp", "lab1", 8786)),
        ("TLS://lab1:9000", Address("tls", "lab1", 9000)),
        ("lab1:8786", Address("tcp", "lab1", 8786)),
        ("tcp://lab1", Address("tcp", "lab1", 8786)),
        ("tcp://[::1]:8786", Address("tcp", "::1", 8786)),
        *((bad, None) for bad in ("ucx://lab1:8786", "ws://lab1:8786", "tcp://:8786")),
        *((bad, None) for bad in ("tcp://lab1:0", "tcp://lab1:x", "tcp://a b:1")),
    ],
)
def test_addresses_are_read_or_refused(text: str, address: Address | None) -> None:
    if address is None:
        with pytest.raises(ClusterUnavailable):
            parse_address(text)
    else:
        assert parse_address(text) == address


def test_only_loopback_is_this_machine_and_a_remote_scheduler_needs_trust_or_tls() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("192.0.2.7") and not is_loopback("2001:db8::1")
    assert not is_loopback("no-such-host.invalid")
    with pytest.raises(ClusterUnavailable, match="--trust-cluster"):
        check_address("tcp://192.0.2.7:8786", trusted=False)
    assert check_address("tcp://192.0.2.7:8786", trusted=True).host == "192.0.2.7"
    # TLS: the user's certificates prove the scheduler.
    assert check_address("tls://192.0.2.7:8786", trusted=False).host == "192.0.2.7"
    # only an untrusted tcp scheduler must be the user's own
    assert must_own(parse_address("tcp://127.0.0.1:8786"), False)
    assert not must_own(parse_address("tcp://127.0.0.1:8786"), True)
    assert not must_own(parse_address("tls://127.0.0.1:8786"), False)


def _frames(*frames: bytes) -> bytes:
    return struct.pack(f"{len(frames) + 1}Q", len(frames), *map(len, frames)) + b"".join(frames)


def test_a_handshake_is_decoded_without_unpickling() -> None:
    import msgpack  # type: ignore[import-untyped]

    hello = {"compression": None, "python": (3, 11, 7), "pickle-protocol": 5}
    assert _decode_handshake(_frames(msgpack.packb(hello))) == hello


@pytest.mark.parametrize(
    "data",
    [
        b"HTTP/1.1 200 OK\r\n\r\n",
        b"abc",
        struct.pack("QQ", 1, 1 << 60) + b"\x80",
        struct.pack("QQ", 0, 0),
        _frames(b"\xc1"),  # never used in msgpack
        _frames(b"\x81\x81\x01\x02\x03"),  # a map whose key is a map
    ],
)
def test_anything_else_is_not_a_handshake(data: bytes) -> None:
    with pytest.raises(ValueError):
        _decode_handshake(data)


@pytest.mark.skipif(sys.byteorder != "little", reason="the tables' words are in machine order")
@pytest.mark.parametrize(
    ("text", "endpoint"),
    [
        ("0100007F:1F90", ("127.0.0.1", 8080)),
        ("00000000000000000000000001000000:2252", ("::1", 8786)),
        ("0000000000000000FFFF00000100007F:0050", ("127.0.0.1", 80)),  # v4-mapped
        ("00000000:0000", ("0.0.0.0", 0)),
    ],
)
def test_the_kernels_socket_tables_are_read(text: str, endpoint: tuple[str, int]) -> None:
    ip, port = parse_endpoint(text)
    assert (str(ip), port) == endpoint


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="Linux lists socket owners")
@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_the_owner_of_a_loopback_peer_is_this_account(host: str) -> None:
    try:
        server = socket.create_server(
            (host, 0), family=socket.AF_INET6 if ":" in host else socket.AF_INET
        )
    except OSError:
        pytest.skip(f"no {host} here")
    with server, socket.create_connection(server.getsockname()[:2]) as sock:
        assert peer_uid(sock) == os.geteuid()
        check_owner(sock, "tcp://here")  # this account's: not refused


def test_a_peer_of_another_account_or_none_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.counting.cluster_peer as peer

    with socket.socket() as sock:
        monkeypatch.setattr(peer, "peer_uid", lambda sock: os.geteuid() + 1)
        with pytest.raises(ClusterUnavailable, match="another account of this machine"):
            check_owner(sock, "tcp://127.0.0.1:8786")
        monkeypatch.setattr(peer, "peer_uid", lambda sock: None)
        with pytest.raises(ClusterUnavailable, match="cannot tell which account"):
            check_owner(sock, "tcp://127.0.0.1:8786")


def test_owners_are_found_by_both_ends_of_the_connection() -> None:
    rows = [
        ["0:", "0100007F:2252", "00000000:0000", "0A", "0", "0", "0", "999"],  # the listener
        ["1:", "0100007F:2252", "0100007F:9C40", "01", "0", "0", "0", "1000"],  # accepted
        ["2:", "0100007F:9C40", "0100007F:2252", "01", "0", "0", "0", "0"],  # this end
        ["3:", "garbage"],
    ]
    if sys.byteorder != "little":
        pytest.skip("the rows are written in little-endian order")
    here = parse_endpoint("0100007F:9C40")
    scheduler = parse_endpoint("0100007F:2252")
    assert owner_in(rows, scheduler, here) == 1000
    assert owner_in(rows, here, scheduler) == 0
    assert owner_in(rows, scheduler, parse_endpoint("0100007F:0001")) is None


permutations = st.integers(1, 10).flatmap(lambda n: st.permutations(list(range(n))))


@settings(max_examples=examples(100), deadline=None)
@given(permutations)
def test_four_quarter_turns_and_two_reflections_are_the_identity_and_composition_is_closed(
    b: list[int],
) -> None:
    image = tuple(b)
    for _ in range(4):
        image = Symmetry.ROT90.apply(image)
    assert image == tuple(b)
    for s in (Symmetry.MIRROR, Symmetry.FLIP, Symmetry.DIAGONAL, Symmetry.ANTIDIAGONAL):
        assert s.apply(s.apply(b)) == tuple(b)
    for s, t in itertools.product(Symmetry, repeat=2):
        assert t.apply(s.apply(b)) == s.then(t).apply(b)
        undo = next(u for u in Symmetry if s.then(u) is Symmetry.IDENTITY)  # s's inverse
        assert undo.apply(s.apply(b)) == tuple(b)


def test_group_table_is_d4_and_rotation_moves_squares_anticlockwise() -> None:
    elements = list(Symmetry)
    assert len({s.then(t) for s in elements for t in elements}) == 8
    for s in elements:
        assert s.then(Symmetry.IDENTITY) is s and Symmetry.IDENTITY.then(s) is s
        assert sum(1 for t in elements if s.then(t) is Symmetry.IDENTITY) == 1
    assert Symmetry.ROT90.then(Symmetry.ROT90) is Symmetry.ROT180
    assert Symmetry.MIRROR.then(Symmetry.FLIP) is Symmetry.ROT180
    assert Symmetry.ROT90.then(Symmetry.ROT90).then(Symmetry.ROT90) is Symmetry.ROT270
    # A rotation moves squares anticlockwise.
    assert Symmetry.ROT90.square(1, 0, 3) == (2, 1)  # bottom middle -> right middle
    assert Symmetry.ROT90.apply((1, 3, 0, 2)) == (1, 3, 0, 2)  # the 4x4 solution turns into itself
    assert Symmetry.ROT90.apply((0, 2, 4, 1, 3)) == (2, 4, 1, 3, 0)  # (0,0) goes to (4,0)
    assert [r.label for r in ROTATIONS][1] == "rotation by 90 degrees"


def test_images_of_solutions_are_solutions_and_orbits_partition_them_as_oeis_counts() -> None:
    unique_counts = []
    for n in range(1, 10):
        solutions = set(reference_solutions(n))
        for b in solutions:
            assert orbit(b) <= solutions
            assert all(is_valid(image) for image in orbit(b))
            assert is_canonical(b) == (canonical(b) == b)
        assert len({s for b in unique(solutions) for s in orbit(b)}) == len(solutions)
        unique_counts.append(len(unique(solutions)))
    assert unique_counts == [1, 0, 0, 1, 2, 1, 6, 12, 46]  # OEIS A002562
    sizes = sorted(len(orbit(b)) for b in unique(reference_solutions(8)))
    assert sizes == [4] + [8] * 11  # one of the 12 is symmetric under 180 degrees
