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


def test_a_store_others_can_enter_is_made_private_and_said(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    root.chmod(0o705)
    (root / "users").chmod(0o701)
    store = UserStore(root)
    assert store.prepare() == [str(root), str(root / "users")]
    assert mode(root) == 0o700 and mode(root / "users") == 0o700
    assert store.prepare() == []  # private now: nothing to say


@pytest.mark.parametrize(("folder", "bits"), [("", 0o777), ("users", 0o770), ("live", 0o703)])
def test_a_store_others_can_write_is_refused_before_anything_is_made(
    tmp_path: Path, folder: str, bits: int
) -> None:
    """Issue 38: a folder others could write in may already hold a planted link: making it
    private would not remove it, so it is refused with how to fix it, and left as it was."""
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


def test_the_servers_group_may_keep_reading_the_store(tmp_path: Path) -> None:
    """0750 with the group the server runs as stays (a teacher in it reads the store)."""
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    os.chown(root, -1, os.getegid())
    root.chmod(0o750)
    (root / "users").chmod(0o750)
    assert UserStore(root).prepare() == []
    assert mode(root) == 0o750


def test_a_new_store_is_private_from_the_start(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "new" / "served")
    assert store.prepare() == []
    assert mode(tmp_path / "new" / "served" / "users") == 0o700
    home = store.home("ada")
    assert mode(home) == 0o700 and (home / "user.txt").read_text() == "ada"


def test_a_planted_link_for_a_user_is_never_followed(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    victim = tmp_path / "victim"
    victim.mkdir()
    (tmp_path / "served" / "users" / "mallory").symlink_to(victim)
    (tmp_path / "served" / "users" / "eve").symlink_to(tmp_path / "nowhere")
    (tmp_path / "served" / "users" / "bob").write_text("a file, not a folder")
    for name in ("mallory", "eve", "bob"):
        with pytest.raises(UnsafeStore):
            store.home(name)
    assert list(victim.iterdir()) == [] and not (tmp_path / "nowhere").exists()


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


def test_a_users_folder_others_could_enter_is_made_private(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    (tmp_path / "served" / "users" / "dan").mkdir(mode=0o755)
    (tmp_path / "served" / "users" / "dan").chmod(0o755)
    assert mode(store.home("dan")) == 0o700


def test_a_planted_user_txt_link_is_replaced_not_followed(tmp_path: Path) -> None:
    store = UserStore(tmp_path / "served")
    store.prepare()
    home = tmp_path / "served" / "users" / "ada"
    home.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("ada")  # what the link leads to says the right name
    (home / "user.txt").symlink_to(elsewhere)
    store.home("ada")
    assert not (home / "user.txt").is_symlink() and (home / "user.txt").read_text() == "ada"
    assert elsewhere.read_text() == "ada"
