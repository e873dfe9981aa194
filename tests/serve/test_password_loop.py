"""docs/lab-server.md's loop that gives each student of a list a random password runs as it is
written on a fresh machine: it makes the password file (htpasswd without -c refuses a file that
is not there), and every password it lists opens its login. Run with the tools the page names
(``openssl``, ``htpasswd``), ``sudo`` being the test's own account (or, as root, no ``sudo`` at
all), in a temporary folder."""

from __future__ import annotations

import grp
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "lab-server.md"
PASSWORD_FILE = "/etc/nginx/queens-tutor.htpasswd"

pytestmark = pytest.mark.skipif(
    shutil.which("htpasswd") is None or shutil.which("openssl") is None,
    reason="needs htpasswd (apache2-utils) and openssl, as the page says",
)


def the_loop() -> str:
    """The page's block that reads logins.txt, as written."""
    blocks: list[str] = re.findall(r"```sh\n(.*?)```", PAGE.read_text(), re.S)
    (block,) = [b for b in blocks if "logins.txt" in b]
    return block


def run_loop(folder: Path, logins: str, as_root: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the loop in ``folder`` (its password file there), from an administrator's account
    whose ``sudo`` is this account, or ``as_root`` in a root shell that has no ``sudo``."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    sudo = bin_dir / "sudo"
    sudo.write_text("#!/bin/sh\nexit 127\n" if as_root else '#!/bin/sh\nexec "$@"\n')
    (bin_dir / "id").write_text(f"#!/bin/sh\necho {0 if as_root else 1000}\n")
    for program in (sudo, bin_dir / "id"):
        program.chmod(0o755)
    (folder / "logins.txt").write_text(logins)
    script = the_loop().replace(PASSWORD_FILE, str(folder / "queens-tutor.htpasswd"))
    try:
        grp.getgrnam("www-data")
    except KeyError:
        script = script.replace("www-data", grp.getgrgid(os.getegid()).gr_name)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True, timeout=120
    )


def opens(folder: Path, login: str, password: str) -> bool:
    checked = subprocess.run(
        ["htpasswd", "-v", "-b", str(folder / "queens-tutor.htpasswd"), login, password],
        capture_output=True,
        timeout=30,
    )
    return checked.returncode == 0


@pytest.mark.parametrize("as_root", [False, True])
def test_the_loop_makes_the_file_and_every_password_it_lists_works(
    tmp_path: Path, as_root: bool
) -> None:
    done = run_loop(tmp_path, "ada\nbob\n\ncy", as_root)  # a blank line, no newline at the end
    assert done.returncode == 0, done.stderr
    listed = [line.split("\t") for line in (tmp_path / "passwords.tsv").read_text().splitlines()]
    assert [login for login, _password in listed] == ["ada", "bob", "cy"]
    for login, password in listed:
        assert opens(tmp_path, login, password), login
        assert not opens(tmp_path, login, password + "x")
    assert stat.S_IMODE((tmp_path / "passwords.tsv").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "queens-tutor.htpasswd").stat().st_mode) == 0o640
    # Run again for more students: the file keeps the first ones.
    again = run_loop(tmp_path, "dan\n", as_root)
    assert again.returncode == 0, again.stderr
    assert opens(tmp_path, "ada", listed[0][1])


def test_a_login_htpasswd_refuses_stops_the_loop_before_it_is_listed(tmp_path: Path) -> None:
    done = run_loop(tmp_path, "ada\nbad:name\nbob\n")  # htpasswd refuses a colon in a login
    assert "stopped at bad:name" in done.stderr
    listed = (tmp_path / "passwords.tsv").read_text().splitlines()
    assert [line.split("\t")[0] for line in listed] == ["ada"]
