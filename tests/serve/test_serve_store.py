"""The served store (``serve --server-data DIR``) stays private: folders other accounts could
enter are made private at start, and a user's folder that is a link or another account's is
never used, so a planted link cannot make the server write a student's files elsewhere."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tui.serve.users import UnsafeStore, UserStore


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_others_lose_entry_to_the_store_and_the_servers_group_keeps_it(tmp_path: Path) -> None:
    """A store others can enter is made private, and said; 0750 with the group the server runs
    as stays (a teacher in it reads the store)."""
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    root.chmod(0o705)
    (root / "users").chmod(0o701)
    store = UserStore(root)
    assert store.prepare() == [str(root), str(root / "users")]
    assert mode(root) == 0o700 and mode(root / "users") == 0o700
    assert store.prepare() == []  # private now: nothing to say
    os.chown(root, -1, os.getegid())
    root.chmod(0o750)
    (root / "users").chmod(0o750)
    assert UserStore(root).prepare() == []
    assert mode(root) == 0o750


@pytest.mark.parametrize(("folder", "bits"), [("", 0o777), ("users", 0o770), ("live", 0o703)])
def test_a_store_others_can_write_is_refused_before_anything_is_made(
    tmp_path: Path, folder: str, bits: int
) -> None:
    """It may already hold a planted link: refused with how to fix it, left as it was."""
    root = tmp_path / "served"
    for sub in ("users", "live"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    if bits & 0o020:  # writable by a group: one with other accounts in it, not one's own
        if os.geteuid() != 0:
            pytest.skip("giving a folder to another group needs root")
        os.chown(root / folder, -1, 4242)
    (root / folder).chmod(bits)
    with pytest.raises(UnsafeStore) as refused:
        UserStore(root).prepare()
    assert "can be written by other accounts" in str(refused.value.strerror)
    assert f"chmod go-w {root / folder}".rstrip("/") in str(refused.value.strerror)
    assert mode(root / folder) == bits


def test_a_store_under_a_folder_others_can_write_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)  # no sticky bit: anyone may rename what is in it
    with pytest.raises(UnsafeStore) as refused:
        UserStore(shared / "served").prepare()
    assert str(shared) in str(refused.value.strerror)
    assert not (shared / "served").exists()
    shared.chmod(0o1777)  # as /tmp: nobody renames what is not theirs
    assert UserStore(shared / "served").prepare() == []
    assert mode(shared / "served") == 0o700


def test_a_new_store_and_its_users_folders_are_private_and_no_planted_link_is_followed(
    tmp_path: Path,
) -> None:
    store = UserStore(tmp_path / "served")
    assert store.prepare() == []
    users = tmp_path / "served" / "users"
    assert mode(users) == 0o700
    home = store.home("ada")
    assert mode(home) == 0o700 and (home / "user.txt").read_text() == "ada"
    (users / "dan").mkdir(mode=0o755)
    (users / "dan").chmod(0o755)
    assert mode(store.home("dan")) == 0o700  # a user's folder others could enter
    victim = tmp_path / "victim"
    victim.mkdir()
    (users / "mallory").symlink_to(victim)
    (users / "eve").symlink_to(tmp_path / "nowhere")
    (users / "bob").write_text("a file, not a folder")
    for name in ("mallory", "eve", "bob"):
        with pytest.raises(UnsafeStore):
            store.home(name)
    assert list(victim.iterdir()) == [] and not (tmp_path / "nowhere").exists()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("ada")  # what a planted user.txt link leads to says the right name
    (home / "user.txt").unlink()
    (home / "user.txt").symlink_to(elsewhere)
    store.home("ada")  # replaced, not followed
    assert not (home / "user.txt").is_symlink() and (home / "user.txt").read_text() == "ada"
    assert elsewhere.read_text() == "ada"


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another account needs root")
def test_another_accounts_folder_is_not_used(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    theirs = tmp_path / "served" / "users" / "carol"
    theirs.mkdir()
    os.chown(theirs, 4242, 4242)
    with pytest.raises(UnsafeStore):
        store.home("carol")
    assert list(theirs.iterdir()) == []


def _planted(tmp_path: Path) -> tuple[UserStore, Path, Path]:
    """A store with ada's folder as a session left it, and another account's folder."""
    store = UserStore(tmp_path / "served")
    store.prepare()
    home = store.home("ada")
    (home / "data" / "queens-tutor").mkdir(parents=True)
    (home / "data" / "queens-tutor" / "progress.json").write_text('{"schema": 1}')
    (home / "state").mkdir()
    theirs = tmp_path / "mallory"
    theirs.mkdir()
    theirs.chmod(0o777)
    return store, home, theirs


@pytest.mark.parametrize("where", ["data", "data/queens-tutor", "state", "config"])
def test_a_link_planted_anywhere_in_a_users_folder_is_never_followed(
    tmp_path: Path, where: str
) -> None:
    """``users/ada/data -> another account's folder``, planted while her folder was open to
    others: refused, nothing made through it, and her folder made private."""
    store, home, theirs = _planted(tmp_path)
    home.chmod(0o777)
    planted = home / where
    if planted.exists():
        import shutil

        shutil.rmtree(planted)
    planted.symlink_to(theirs)
    with pytest.raises(UnsafeStore) as refused:
        store.home("ada")
    assert refused.value.strerror == "a link" and refused.value.filename == str(planted)
    assert list(theirs.iterdir()) == []  # nothing made through it
    assert mode(home) == 0o700  # nothing more can be planted


def test_a_file_or_folder_of_another_account_in_a_users_folder_is_refused(
    tmp_path: Path,
) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another account needs root")
    store, home, _theirs = _planted(tmp_path)
    progress = home / "data" / "queens-tutor" / "progress.json"
    os.chown(progress, 4242, 4242)  # a progress file of grades another account wrote
    with pytest.raises(UnsafeStore, match="another account's file"):
        store.home("ada")
    os.chown(progress, 0, 0)
    os.chown(home / "state", 4242, 4242)
    with pytest.raises(UnsafeStore, match="another account's"):
        store.home("ada")


def test_a_fifo_in_a_users_folder_is_refused_and_a_sound_one_is_made_private(
    tmp_path: Path,
) -> None:
    store, home, _theirs = _planted(tmp_path)
    (home / "state").chmod(0o757)
    assert store.home("ada") == home
    assert mode(home / "state") == 0o700
    os.mkfifo(home / "state" / "where.json")  # a read of it would wait for ever
    with pytest.raises(UnsafeStore, match="neither a file nor a folder"):
        store.home("ada")
