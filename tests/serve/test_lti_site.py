"""``serve --lti`` launched from a course site that is not ours (tests/serve/lti_platform.py, a
real server): deep linking, a student's launch in real Chromium and her score in the site's
gradebook, the teacher's page with the site's roster, bad launches refused, a score kept
while the site is down, and a launch's page saying to open the tutor again from the course.
Skipped without chromium, selenium, pylti1p3 or lti1p3platform."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

from tests.cli.course_kit import course_folder, course_toml
from tests.serve.browser import Browser, available, chromium
from tests.serve.lti_platform import LESSON, Platform, new_key
from tests.serve.server import Served, free_port, serving
from tests.serve.tabs import Tab
from tests.serve.test_lti_frame import frame_text
from tui.serve.lti.setup import make_keys
from tui.serve.lti.tool import KEY_SET_REFETCH

pytestmark = [pytest.mark.integration]  # a course site and the tutor, real servers


@dataclass
class Site:
    platform: Platform
    served: Served
    store: Path

    @property
    def tool(self) -> str:
        return self.served.url.rstrip("/")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("lti")
    due = (datetime.now().astimezone() + timedelta(days=7)).replace(microsecond=0)
    toml = course_toml(due.isoformat(), "dated", late=False)
    course = course_folder(folder / "course", toml, "dated", first=10, lesson=LESSON)
    port = free_port()
    platform = Platform(f"http://127.0.0.1:{port}")
    platform.up()
    config = folder / "lti.json"
    make_keys(config)
    config.write_text(json.dumps(platform.config_entry()), encoding="utf-8")
    store = folder / "served"
    options = (
        "--lti", str(config), "--server-data", str(store),
        "--lessons-dir", str(course), "--only-course",
        # the lab's login beside the course site's (a proxy on this one-user machine)
        "--user-header", "X-Remote-User", "--trust-loopback", "--teacher", "tina",
    )  # fmt: skip
    try:
        with serving(*options, port=port) as served:
            served.wait_output("Press Ctrl+C")
            yield Site(platform, served, store)
            assert "Traceback" not in served.log()
    finally:
        platform.close()


class Form(HTMLParser):
    """A page's form: its action and its fields."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.action = ""
        self.fields: dict[str, str] = {}
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.action = found.get("action") or ""
        elif tag == "input" and found.get("name"):
            self.fields[str(found["name"])] = found.get("value") or ""


def client() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def oidc_login(http: aiohttp.ClientSession, site: Site, user: str, link: str) -> str:
    """The tool's login, as the site's page starts it; the site's authorization address."""
    start = site.platform.login_url(user, link) + "&lti1p3_new_window=1"
    response = await http.get(start, allow_redirects=False)
    assert response.status == 302, await response.text()
    return response.headers["Location"]


async def launch(http: aiohttp.ClientSession, site: Site, user: str, link: str) -> str:
    """A whole launch through the site; where the tool sends the browser."""
    auth = await oidc_login(http, site, user, link)
    form = Form(await (await http.get(auth)).text())
    response = await http.post(form.action, data=form.fields, allow_redirects=False)
    assert response.status == 303, await response.text()
    return response.headers["Location"]


async def forged_launch(
    http: aiohttp.ClientSession, site: Site, **changes: object
) -> aiohttp.ClientResponse:
    """A launch whose id_token the test makes (with ``changes``) after a real login."""
    auth = parse_qs(urlsplit(await oidc_login(http, site, "ada-sub", "plain")).query)
    token = site.platform.token("ada-sub", "plain", auth["nonce"][0], **changes)
    fields = {"state": auth["state"][0], "id_token": token}
    return await http.post(site.tool + "/lti/launch", data=fields, allow_redirects=False)


async def test_bad_launches_are_refused_with_a_page_that_says_why(site: Site) -> None:
    async with client() as http:
        for changes, words in [
            ({"key": new_key()[0]}, "could not be checked"),
            ({"deployment": "another-deployment"}, "deployment"),
            ({"iss": "https://elsewhere.test"}, "Registration not found"),
        ]:
            response = await forged_launch(http, site, **changes)
            assert response.status == 403, changes
            assert words in await response.text(), changes
        auth = parse_qs(urlsplit(await oidc_login(http, site, "ada-sub", "plain")).query)
        token = site.platform.token("ada-sub", "plain", auth["nonce"][0])
        fields = {"state": auth["state"][0], "id_token": token}
        first = await http.post(site.tool + "/lti/launch", data=fields, allow_redirects=False)
        assert first.status == 303
        again = await http.post(site.tool + "/lti/launch", data=fields, allow_redirects=False)
        assert again.status == 403
        assert "Nonce" in await again.text()
        mentor = await (await http.get(await oidc_login(http, site, "mia-sub", "plain"))).text()
        form = Form(mentor)
        refused = await http.post(form.action, data=form.fields, allow_redirects=False)
        assert refused.status == 403
        assert "your role here (Mentor) is neither" in await refused.text()
    site.platform.rotate()  # the site signs with a new key: the tool fetches its key set again
    deadline = time.monotonic() + 30
    async with client() as http:
        while True:
            try:
                page = urlsplit(await launch(http, site, "ada-sub", "plain")).path
                break
            except AssertionError:  # its key set was fetched a moment ago: not again so soon
                assert time.monotonic() < deadline
                await asyncio.sleep(1)
    async with client() as stranger:  # the page of a launch, without the cookie it set
        assert (await stranger.get(site.tool + page)).status == 403
    log = site.served.log()
    assert "reason=lti-launch" in log and "reason=lti-role" in log


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if available() is not None:
        pytest.skip(str(available()))
    with chromium() as browser:
        yield browser


async def text_once(
    http: aiohttp.ClientSession, page: str, check: Callable[[str], bool], timeout: float = 60.0
) -> str:
    """The text of ``page``, fetched until ``check(text)`` holds."""
    text = ""
    while not check(text := await (await http.get(page)).text()):
        assert (timeout := timeout - 0.3) > 0, text[-3000:]
        await asyncio.sleep(0.3)
    return text


def test_a_teacher_links_a_lesson_and_a_student_s_score_reaches_the_site(
    site: Site, browser: Browser
) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = browser.driver
    platform = site.platform
    driver.get(f"{platform.url}/course/deep-link?user=grace-sub")
    frame_text(browser, "pick what this link of Algorithms 101 opens", timeout=30)
    driver.find_element("css selector", "input[value='lesson:dated']").click()
    points = driver.find_element("name", "points")
    points.clear()
    points.send_keys("10")
    driver.find_element("css selector", "button[type='submit']").click()
    added = frame_text(browser, "added link-", timeout=30)
    link = added.split("added ", 1)[1].split()[0]
    assert platform.links[link]["custom"] == {"lesson": "dated", "points": "10"}
    item = platform.links[link]["lineitem"]
    assert platform.lineitems[item]["scoreMaximum"] == 10
    # The student opens the link in the course's page: the tutor, in the frame, in the lesson.
    browser.forget()
    driver.switch_to.default_content()
    driver.get(f"{platform.url}/course/{link}?user=ada-sub")
    frame_text(browser, "", timeout=30)  # inside the frame
    browser.wait_for("How many solutions", timeout=60)
    assert any(re.search(r"/lti/[^/]+/ws\?", url) for url in browser.requested_urls())
    browser.type("2" + Keys.ENTER)
    (score,) = platform.wait_scores(lambda s: s["lineitem"] == item)
    assert score["userId"] == "ada-sub"
    assert (score["scoreGiven"], score["scoreMaximum"]) == (10, 10)
    assert score["activityProgress"] == "Completed"
    assert score["gradingProgress"] == "FullyGraded"
    driver.switch_to.default_content()


async def test_the_teacher_s_launch_opens_the_course_s_page_with_the_site_s_roster(
    site: Site,
) -> None:
    async with client() as http:
        page = await launch(http, site, "grace-sub", "plain")
        assert page.endswith("/teacher")
        text = await text_once(http, page, lambda text: "Cy Never" in text)
    assert site.platform.member_asks >= 1
    assert "Grace Hopper, this page shows the class" in text
    assert re.search(r"Cy Never", text)  # on the site's roster, never launched
    assert "Mia Mentor" not in text and "grace-sub" not in text  # not a student
    roster = next(site.store.glob("lti/*/roster.csv")).read_text(encoding="utf-8")
    assert roster.splitlines()[0] == "login,name"
    assert "cy-sub,Cy Never" in roster.splitlines()


async def test_a_score_posted_while_the_site_is_down_arrives_once_it_is_up(site: Site) -> None:
    platform = site.platform
    platform.lineitems["item-g"] = {"scoreMaximum": 4, "label": "Four queens"}
    platform.links["graded"] = {
        "custom": {"lesson": "dated", "points": "4"},
        "lineitem": "item-g",
        "title": "Four queens, graded",
    }

    def bobs(score: dict[str, object]) -> bool:  # another's work done before: sent at once
        return score["lineitem"] == "item-g" and score["userId"] == "bob-sub"

    async with client() as student, client() as teacher:
        page = await launch(student, site, "bob-sub", "graded")
        socket = await student.ws_connect(page.replace("http", "ws", 1) + "ws?width=100&height=30")
        tab = Tab(socket)
        await tab.wait_for("How many solutions")
        teacher_page = await launch(teacher, site, "grace-sub", "graded")
        platform.down()
        try:
            await tab.press("2\r")
            kept = "Bob Babbage: 4/4 on Four queens, graded, tried 1"
            text = await text_once(teacher, teacher_page, lambda text: kept in text)
            assert "Scores the course site has not taken yet" in text
            assert not [s for s in platform.scores if bobs(s)]
        finally:
            platform.up()
        (taken,) = platform.wait_scores(bobs)
        assert taken["userId"] == "bob-sub"
        assert (taken["scoreGiven"], taken["scoreMaximum"]) == (4, 4)
        # the other kept scores, each at its next try
        await text_once(teacher, teacher_page, lambda text: "has not taken yet" not in text)
        await socket.close()
    log = site.served.log()
    assert "lti score kept course=" in log and "retry=5s" in log
    assert "lti score sent course=" in log


async def test_the_lab_s_login_works_beside_the_course_site(site: Site) -> None:
    """One server: a student the proxy names keeps her progress in the server's store, a
    course site's in her course's; the lab's teacher page is the lab's."""
    async with client() as http:
        socket = await http.ws_connect(
            site.tool + "/ws?width=100&height=30", headers={"X-Remote-User": "lab-ann"}
        )
        tab = Tab(socket)
        await tab.wait_for("tick 0")
        await socket.close()
        nobody = Tab(await http.ws_connect(site.tool + "/ws?width=100&height=30"))
        await nobody.wait_closed()
        assert "did not receive your login" in nobody.output
        lab = await http.get(site.tool + "/teacher", headers={"X-Remote-User": "tina"})
        assert lab.status == 200
        assert "tina, this page shows the class" in await lab.text()
    assert (site.store / "users" / "lab-ann" / "user.txt").read_text() == "lab-ann"
    assert not list(site.store.glob("lti/*/users/lab-ann"))


async def test_a_launch_s_page_says_to_open_the_tutor_again_from_the_course(site: Site) -> None:
    """What a page says when its server is gone: a launch's, to open it from the course; the
    lab's, to open it again (its address)."""
    async with client() as http:
        course = await (await http.get(await launch(http, site, "ada-sub", "plain"))).text()
        lab = await (await http.get(site.tool + "/", headers={"X-Remote-User": "ann"})).text()
    assert "Reload this page later, or open the tutor again from the course." in course
    assert '"over": "Open the tutor again from the course."' in course
    assert 'Reload this page later, or open the tutor again."' in lab
    assert "from the course" not in lab


async def test_a_login_s_state_cookie_goes_to_the_launch_only_and_the_launch_clears_it(
    site: Site,
) -> None:
    """A browser's logins never fill its cookies for the tool's other pages."""
    async with client() as http:
        for _ in range(3):  # logins never launched: their state cookies end with their time
            await oidc_login(http, site, "ada-sub", "plain")
        states = [c for c in http.cookie_jar if c.key.startswith("lti1p3-state-")]
        assert len(states) == 3 and {c["path"] for c in states} == {"/lti/launch"}
        await launch(http, site, "ada-sub", "plain")
        after = [c for c in http.cookie_jar if c.key.startswith("lti1p3-state-")]
        assert {c.key for c in after} == {c.key for c in states}


def peak_memory(pid: int) -> int:
    """The most memory (bytes) process ``pid`` has held."""
    found = re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    assert found is not None
    return int(found[1]) * 1024


async def test_a_slow_or_huge_key_set_costs_a_launch_not_the_server(site: Site) -> None:
    """While the site's key set trickles (a byte a second) and forged launches with unknown
    key ids keep asking for it, an honest launch is answered in time; a 400 MB key set is
    not read whole."""
    async with client() as http:
        await launch(http, site, "ada-sub", "plain")  # the site's key set is kept
    await asyncio.sleep(KEY_SET_REFETCH + 0.5)  # the flood's unknown key ids may fetch it again
    forger = new_key()[0]

    async def forged(number: int) -> int:
        async with client() as http:
            return (await forged_launch(http, site, key=forger, kid=f"forged-{number}")).status

    site.platform.key_set = "trickle"
    try:
        flood = [asyncio.create_task(forged(number)) for number in range(30)]
        await asyncio.sleep(1.0)  # the flood's first launches are fetching the key set
        start = time.monotonic()
        async with client() as http:
            await launch(http, site, "bob-sub", "plain")
        honest = time.monotonic() - start
        assert set(await asyncio.gather(*flood)) == {403}
        assert time.monotonic() - start < 15
        assert honest < 15
        await asyncio.sleep(6)  # the key set may be fetched again
        site.platform.key_set = "huge"
        assert await forged(99) == 403
        assert peak_memory(site.served.process.pid) < 400_000_000
        log = site.served.log()
        assert "took over 5 s" in log and "is over 1000000 bytes" in log
    finally:
        site.platform.key_set = "whole"
    print(f"honest launch {honest:.2f} s, peak {peak_memory(site.served.process.pid) >> 20} MB")


async def test_sigterm_stops_the_server_while_a_key_set_trickles(tmp_path: Path) -> None:
    port = free_port()
    platform = Platform(f"http://127.0.0.1:{port}")
    platform.up()
    platform.key_set = "trickle"
    config = tmp_path / "lti.json"
    make_keys(config)
    config.write_text(json.dumps(platform.config_entry()), encoding="utf-8")
    try:
        with serving("--lti", str(config), "--server-data", str(tmp_path / "s"), port=port) as run:
            run.wait_output("Press Ctrl+C")
            async with client() as http:
                launching = asyncio.create_task(forged_launch(http, Site(platform, run, tmp_path)))
                await asyncio.sleep(1.5)  # its key set is being fetched
                start = time.monotonic()
                run.process.terminate()
                await asyncio.to_thread(run.process.wait, 30)
                stopped = time.monotonic() - start
                launching.cancel()
        assert stopped < 15
        print(f"stopped in {stopped:.2f} s")
    finally:
        platform.close()
