"""Whose due dates a tutor in a terminal reads: the student's course identity, the one the
gradebook counts her exports under (:func:`resolve`).

1. A name she gave (``progress --name``): the login of a loaded export that bears it, else the
   name itself.
2. Several names given on an account no one said was hers: the account's login (maybe shared).
3. No name given but work loaded from another login's export: the account's login.
4. Otherwise the account's login."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from lessons.course.model import fold, same_name
from lessons.i18n import _
from lessons.progress.records import LessonRecord

SETTING = "course_names"
"""The settings key of the names the student gave, latest last."""
OWN = "course_names_own"
"""The settings key that says the account is one student's."""


@dataclass(frozen=True, slots=True)
class CourseIdentity:
    """Whose calendar the tutor reads, and what the student is told about it.

    ``student`` is who the extensions are looked up for (None: an anonymous tab), ``account``
    the login, ``names`` the names she gave (latest last), ``loaded`` the logins (else names)
    of exports loaded from other accounts, ``own`` whether she said the account is hers, and
    ``whom`` whom the extensions may name her by, as the gradebook tries them.
    """

    student: str | None
    account: str | None
    names: tuple[str, ...] = ()
    loaded: tuple[str, ...] = ()
    own: bool = False
    whom: tuple[str, ...] = ()

    @property
    def shared(self) -> bool:
        """Several names were given on this account and no one said it is hers (rule 2)."""
        return len(self.names) > 1 and not self.own

    @property
    def export_name(self) -> str | None:
        """The name an export carries when none is given, if any."""
        return self.names[-1] if self.names and not self.shared else None

    def also_named(self, name: str) -> tuple[str, ...]:
        """Her other names, carried by an export under ``name`` on an account that is hers."""
        if not self.own:
            return ()
        return tuple(item for item in self.names if not same_name(item, name))

    def line(self) -> str | None:
        """The sentence the menu and ``progress`` show about whose due dates they read; None
        when they are simply the account's and nothing suggests otherwise."""
        account = self.account or "-"
        if self.shared:
            return _(
                "This account's exports gave several names: {names}. It may be shared by "
                "several students, so due dates here are for the login {login}, and the "
                "gradebook may differ (one account per student avoids this; queens-tutor "
                "progress --name NAME if the account is yours alone)."
            ).format(names=", ".join(self.names), login=account)
        earlier = [name for name in self.names[:-1] if not same_name(name, self.names[-1])]
        if self.own and earlier and self.student:
            if same_name(self.student, self.names[-1]):
                return _(
                    "Due dates for {student}: your name in the course (queens-tutor progress "
                    "--name changes it); your earlier names here ({earlier}) are yours too, "
                    "one student in the gradebook, which decides."
                ).format(student=self.student, earlier=", ".join(earlier))
            return _(
                "Due dates for {name} (login {login}): your name in the course (queens-tutor "
                "progress --name changes it); your earlier names here ({earlier}) are yours "
                "too, one student in the gradebook, which decides."
            ).format(name=self.names[-1], login=self.student, earlier=", ".join(earlier))
        if self.names and self.student and not same_name(self.student, account):
            return _(
                "Due dates for {student}: your name in the course (queens-tutor progress "
                "--name changes it); the gradebook decides."
            ).format(student=self.student)
        if self.loaded and not self.names:
            return _(
                "Due dates for {login}, this account's login. This progress holds work loaded "
                "from an export of {others}: the gradebook counts it under the name your "
                "export gives and may differ; if you are {first}, run queens-tutor progress "
                "--name {first}."
            ).format(login=account, others=", ".join(self.loaded), first=self.loaded[0])
        return None


def loaded_from(records: Mapping[str, LessonRecord], account: str | None) -> list[tuple[str, str]]:
    """The (login, name) of every export loaded into ``records`` from another account, each
    once, in the order first loaded."""
    seen: dict[tuple[str, str], float] = {}
    for record in records.values():
        for load in record.loaded:
            key = (load.login.strip(), load.student.strip())
            if not any(key) or (account and key[0] and same_name(key[0], account)):
                continue
            if not key[0] and account and same_name(key[1], account):
                continue
            seen[key] = min(seen.get(key, load.at), load.at)
    return [key for key, _at in sorted(seen.items(), key=lambda item: item[1])]


def resolve(
    account: str | None,
    names: Sequence[str],
    records: Mapping[str, LessonRecord],
    own: bool = False,
) -> CourseIdentity:
    """The course identity of the student using ``account``, by the rule above."""
    loads = loaded_from(records, account)
    loaded = _unique(login or name for login, name in loads)
    given = _unique(names)
    student = account
    whom: list[str] = [account] if account else []
    if len(given) == 1 or (own and given):
        wanted = [fold(name) for name in reversed(given)]  # the latest first
        match = next(
            (
                login
                for name_wanted in wanted
                for login, name in loads
                if login and name_wanted in (fold(login), fold(name))
            ),
            None,
        )
        student = match or given[-1]
        whom = _unique([match or account or "", *reversed(given)])
    return CourseIdentity(student, account, tuple(given), tuple(loaded), own, tuple(whom))


def remembered(data: Mapping[str, object]) -> list[str]:
    """The names kept in the settings ``data`` (anything else there is ignored)."""
    value = data.get(SETTING)
    if not isinstance(value, list):
        return []
    return [item.strip()[:80] for item in value if isinstance(item, str) and item.strip()][-8:]


def owned(data: Mapping[str, object]) -> bool:
    """The settings ``data`` say the account is one student's (``progress --name``)."""
    return data.get(OWN) is True


def with_name(names: Sequence[str], name: str, alone: bool = False, own: bool = False) -> list[str]:
    """``names`` with ``name`` given (latest last, each once); ``alone``: the only one, unless
    the account was hers already (``own``)."""
    if alone and not own:
        return [name.strip()]
    return [*(item for item in names if not same_name(item, name)), name.strip()][-8:]


def _unique(items: Iterable[str]) -> list[str]:
    found: list[str] = []
    for item in items:
        if item and not any(same_name(item, seen) for seen in found):
            found.append(item)
    return found
