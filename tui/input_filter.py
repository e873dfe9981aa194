"""What the tutor lets through from the terminal to Textual's input parser, which some bytes
would crash or derail (docs/textual-upstream.md): UTF-8 text, whole key, mouse and focus
sequences with bounded numbers, expected reports, a lone Escape after ``escape_delay``, a
bracketed paste of at most :data:`MAX_PASTE` characters as one piece; every other sequence is
dropped whole. The filter is pure: it is given the time of each read."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from enum import Enum, auto

ESC = "\x1b"
LONE_ESCAPE = "\x1b[27u"
"""The Escape key as the kitty keyboard protocol sends it (read by Textual at once)."""
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"

MAX_SEQUENCE = 32
"""Characters in an escape sequence at most; a longer one is dropped."""
MAX_STRING = 1024
"""Characters of an OSC, DCS, APC, PM or SOS string (all dropped) after which the filter stops
waiting for its end."""
MAX_CODE = 0x10FFFF
"""The largest number an escape sequence may carry (the last Unicode code point)."""
MAX_CELLS = 4096
"""The largest terminal width or height an in-band resize report may announce."""
MAX_PIXELS = 65535
"""The largest width or height in pixels a resize report may announce (a 16-bit field)."""
MAX_PASTE = 262_144
"""Characters of a paste that are kept; the rest of a longer paste is dropped."""
PASTE_GRACE = 0.1
"""Seconds of quiet after a paste's end marker before the paste is handed on."""
PASTE_TIMEOUT = 1.0
"""Seconds of quiet after which a paste that never ended is handed on as it is."""
PASTE_LIMIT = 5.0
"""Seconds after its start marker at which a paste ends, however fast input keeps coming."""
REPORT_WAIT = 5.0
"""Seconds after :meth:`InputFilter.expect` during which the terminal's answer is believed."""
SYNCHRONIZED_OUTPUT = 2026
IN_BAND_RESIZE = 2048
"""The modes whose support Textual asks the terminal about (DECRQM)."""

SS3_FINALS = frozenset("ABCDFHMPQRSabcdjkmnopqrstuvwxy")
"""The characters after ``ESC O`` that terminals send for cursor, function and keypad keys."""
KEY_FINALS = frozenset("ABCDEFHPQRSu~")
"""The final characters of the key sequences Textual reads (``ESC[1;5A``, ``ESC[3~``)."""
STRING_STARTS = frozenset("]PX^_")
"""``ESC ]`` (OSC), ``ESC P`` (DCS), ``ESC X`` (SOS), ``ESC ^`` (PM), ``ESC _`` (APC)."""

_NUMBER = r"\d{0,7}"
_KEY = re.compile(rf"{_NUMBER}(?:;{_NUMBER}(?:;{_NUMBER}(?::{_NUMBER})*)?)?")
_MOUSE = re.compile(r"<(\d{1,7});(\d{1,7});(\d{1,7})")
_MODE_REPORT = re.compile(r"\?(\d{1,5});(\d)")
_RESIZE = re.compile(r"48;(\d{1,7});(\d{1,7});(\d{1,7});(\d{1,7})")
_C1 = re.compile("[\x80-\x9f]+")
_GROUND_STOPS = re.compile("[\x1b\x80-\x9f]")
_PASTE_SYMBOLS = str.maketrans(
    {code: chr(0x2400 + code) for code in range(32) if chr(code) not in "\t\n\r"}
    | {0x7F: "\u2421"}
    | {code: "\ufffd" for code in range(0x80, 0xA0)}
)
"""Control characters in a paste, as the Unicode symbols that picture them (ESC: ␛)."""


class _State(Enum):
    GROUND = auto()
    ESCAPE = auto()
    CSI = auto()
    SS3 = auto()
    STRING = auto()
    STRING_ESCAPE = auto()
    PASTE = auto()


def _readable_key(params: str) -> bool:
    """``ESC [ params final`` for a key: at most three fields, the first (the key's code)
    and the third (its text, code points joined by ``:``) made of characters."""
    if _KEY.fullmatch(params) is None:
        return False
    fields = params.split(";")
    codes = [fields[0]] + (fields[2].split(":") if len(fields) > 2 else [])
    numbers = [int(code) for code in codes if code]
    return all(n <= MAX_CODE and not 0xD800 <= n <= 0xDFFF for n in numbers)  # no surrogate


def readable_csi(params: str, intermediates: str, final: str) -> bool:
    """Whether Textual's parser reads ``ESC [ params intermediates final`` as a whole,
    without an error and without waiting for more."""
    if intermediates:
        return intermediates == "$" and final == "y" and _MODE_REPORT.fullmatch(params) is not None
    if final == "R" and ";" in params:
        return False  # a cursor position report (Textual never asks for one)
    if final in KEY_FINALS:
        return _readable_key(params)
    if final in "Mm":
        return _MOUSE.fullmatch(params) is not None
    if final == "t":
        return resize_size(params) is not None
    return final in "IOZ" and not params  # focus in, focus out, shift+tab


def resize_size(params: str) -> tuple[int, int] | None:
    """The (width, height) in cells an in-band resize report's ``params`` announce, or None
    when they are not one, or out of bounds."""
    found = _RESIZE.fullmatch(params)
    if found is None:
        return None
    height, width, pixel_height, pixel_width = (int(group) for group in found.groups())
    cells_ok = 1 <= height <= MAX_CELLS and 1 <= width <= MAX_CELLS
    if not cells_ok or pixel_height > MAX_PIXELS or pixel_width > MAX_PIXELS:
        return None
    return width, height


class InputFilter:
    """Terminal bytes in (:meth:`feed`), text that Textual's parser can read out; :meth:`flush`
    hands on what waited until :attr:`deadline`. ``terminal_size`` gives the terminal's real
    (width, height), or None when not known."""

    def __init__(
        self,
        escape_delay: float,
        terminal_size: Callable[[], tuple[int, int] | None] = lambda: None,
    ) -> None:
        self.escape_delay = escape_delay
        self.terminal_size = terminal_size
        self._asked: dict[int, float] = {}
        """The modes asked about, each with the time until which its answer is believed."""
        self.resize_reports = False
        """True once the terminal said it supports in-band resize reports (mode 2048)."""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._state = _State.GROUND
        self._sequence = ""
        """The escape sequence read so far (ESCAPE, CSI, SS3 states)."""
        self._string_length = 0
        self._paste: list[str] = []
        self._paste_size = 0
        self._paste_tail = ""
        """The last characters of the paste, for an end marker split between two reads."""
        self._paste_ended = False
        """An end marker has come (the paste ends at the last one, once the input is quiet)."""
        self._paste_spent = False
        """The paste was handed on at its size bound: what comes up to its end is dropped."""
        self._paste_start = 0.0
        self._last = 0.0
        """When the last byte came."""

    # -- time --------------------------------------------------------------------------------

    @property
    def deadline(self) -> float | None:
        """When :meth:`flush` would hand something on or drop it, or None: nothing waits."""
        if self._state is _State.PASTE:
            quiet = self._last + (PASTE_GRACE if self._paste_ended else PASTE_TIMEOUT)
            return min(quiet, self._paste_start + PASTE_LIMIT)
        if self._state is not _State.GROUND or self._decoder.getstate()[0]:
            return self._last + self.escape_delay
        return None

    def flush(self, now: float) -> str:
        """What is due at ``now``: an unfinished UTF-8 character as U+FFFD, a lone ESC as
        Escape, an unfinished sequence dropped, a paste that has ended handed on."""
        out: list[str] = []
        while (deadline := self.deadline) is not None and now >= deadline:
            # what waited long enough, one step (each leaves less waiting)
            if self._state is _State.PASTE:
                self._end_paste(out)
            elif self._decoder.getstate()[0]:
                self._scan(self._decoder.decode(b"", final=True), out)
            else:
                if self._state is _State.ESCAPE:
                    out.append(LONE_ESCAPE)
                self._state = _State.GROUND
                self._sequence = ""
        return "".join(out)

    def expect(self, mode: int, now: float) -> None:
        """The terminal has just been asked (DECRQM) whether it supports ``mode``."""
        self._asked[mode] = now + REPORT_WAIT

    # -- reading -----------------------------------------------------------------------------

    def feed(self, data: bytes, now: float) -> str:
        """The text to hand on after reading ``data`` at ``now``."""
        out: list[str] = []
        if self.deadline is not None and now >= self.deadline:
            out.append(self.flush(now))
        self._last = now
        self._scan(self._decoder.decode(data), out)
        return "".join(out)

    def _scan(self, text: str, out: list[str]) -> None:
        at = 0
        size = len(text)
        while at < size:
            state = self._state
            if state is _State.GROUND:
                stop = _GROUND_STOPS.search(text, at)
                end = size if stop is None else stop.start()
                out.append(text[at:end])
                if stop is None:
                    return
                at = end
                if text[at] == ESC:
                    self._state = _State.ESCAPE
                    self._sequence = ESC
                    at += 1
                else:  # C1 controls: dropped
                    found = _C1.match(text, at)
                    assert found is not None
                    at = found.end()
            elif state is _State.PASTE:
                at = self._read_paste(text, at, out)
            else:
                at = self._step(text[at], at, out)

    def _step(self, char: str, at: int, out: list[str]) -> int:
        """Read one character of an escape sequence or string; the index to read next (the
        same index when the character is to be read again, in the ground state)."""
        state = self._state
        if state is _State.ESCAPE:
            return self._after_escape(char, at, out)
        if state is _State.CSI:
            return self._in_csi(char, at, out)
        if state is _State.SS3:
            self._state = _State.GROUND
            if char in SS3_FINALS:
                out.append(self._sequence + char)
                return at + 1
            return at if char == ESC or not 0x20 <= ord(char) < 0x7F else at + 1
        # OSC, DCS and the other strings: dropped up to their end (BEL, ST or ESC \).
        if state is _State.STRING_ESCAPE:
            self._state = _State.GROUND
            return at + 1 if char == "\\" else at
        self._string_length += 1
        if char == ESC:
            self._state = _State.STRING_ESCAPE
        elif char in "\x07\x9c" or self._string_length > MAX_STRING:
            self._state = _State.GROUND
        return at + 1

    def _after_escape(self, char: str, at: int, out: list[str]) -> int:
        if char == "[":
            self._state = _State.CSI
        elif char == "O":
            self._state = _State.SS3
        elif char in STRING_STARTS:
            self._state = _State.STRING
            self._string_length = 0
        elif char == ESC:  # the first was Escape alone; the second starts a sequence
            out.append(LONE_ESCAPE)
            return at + 1
        elif "\x80" <= char <= "\x9f":
            self._state = _State.GROUND
        else:  # alt + a key, as terminals send it
            out.append(ESC + char)
            self._state = _State.GROUND
        self._sequence += char
        return at + 1

    def _in_csi(self, char: str, at: int, out: list[str]) -> int:
        code = ord(char)
        if not 0x20 <= code <= 0x7E:  # not part of a sequence: the sequence is dropped
            self._state = _State.GROUND
            return at
        self._sequence += char
        if len(self._sequence) > MAX_SEQUENCE:
            self._state = _State.GROUND
            return at + 1
        if code < 0x40:
            return at + 1
        self._state = _State.GROUND
        body = self._sequence[2:-1]
        params = body.rstrip(" !\"#$%&'()*+,-./")
        intermediates = body[len(params) :]
        if self._sequence == PASTE_START:
            self._state = _State.PASTE
            self._paste, self._paste_size, self._paste_tail = [], 0, ""
            self._paste_ended = self._paste_spent = False
            self._paste_start = self._last
        elif self._sequence != PASTE_END and self._believed(params, intermediates, char):
            out.append(self._sequence)
        return at + 1

    def _believed(self, params: str, intermediates: str, final: str) -> bool:
        """Whether a complete sequence is handed on: what the parser reads, and of the
        terminal's reports only those that were asked for."""
        if not readable_csi(params, intermediates, final):
            return False
        if final == "y":  # a mode report (DECRPM): once, soon after its question
            found = _MODE_REPORT.fullmatch(params)
            assert found is not None
            mode, setting = int(found.group(1)), int(found.group(2))
            until = self._asked.pop(mode, None)
            if until is None or self._last > until:
                return False
            if mode == IN_BAND_RESIZE:
                self.resize_reports = setting not in (0, 4)  # as Textual reads it
            return mode in (SYNCHRONIZED_OUTPUT, IN_BAND_RESIZE)
        if final == "t":  # an in-band resize report
            if not self.resize_reports:
                return False
            real = self.terminal_size()
            return real is None or real == resize_size(params)
        return True

    # -- pastes ------------------------------------------------------------------------------

    def _read_paste(self, text: str, at: int, out: list[str]) -> int:
        piece = text[at:]
        seen = self._paste_tail + piece
        if PASTE_END in seen:
            self._paste_ended = True
        self._paste_tail = seen[-(len(PASTE_END) - 1) :]
        self._paste.append(piece)
        self._paste_size += len(piece)
        if self._paste_size > 2 * MAX_PASTE:
            self._bound_paste(out)
        return len(text)

    def _bound_paste(self, out: list[str]) -> None:
        """Keep the paste's first MAX_PASTE characters and the end of what came after them. With
        no end marker in sight, hand it on now and drop the rest up to its end; with much more
        than MAX_PASTE characters after its last end marker, end it."""
        whole = "".join(self._paste)
        end = whole.rfind(PASTE_END)
        if end >= 0 and len(whole) - end > MAX_PASTE:
            self._end_paste(out)
            return
        head, rest = ("", whole) if self._paste_spent else (whole[:MAX_PASTE], whole[MAX_PASTE:])
        if end < 0 and not self._paste_spent:
            out.append(PASTE_START + head.translate(_PASTE_SYMBOLS) + PASTE_END)
            self._paste_spent = True
            head, rest = "", whole
        end = rest.rfind(PASTE_END)
        kept = rest[end:] if end >= 0 else rest[-(len(PASTE_END) - 1) :]
        # the last end marker is kept; the space keeps the parts from joining into one
        self._paste = [head, " ", kept] if head else [kept]
        self._paste_size = sum(len(part) for part in self._paste)

    def _end_paste(self, out: list[str]) -> None:
        """Hand on the paste up to its last end marker; what came after it is read as input."""
        whole = "".join(self._paste)
        end = whole.rfind(PASTE_END)
        content, after = (whole[:end], whole[end + len(PASTE_END) :]) if end >= 0 else (whole, "")
        spent = self._paste_spent
        self._state = _State.GROUND
        self._paste = []
        self._paste_size = 0
        self._paste_tail = ""
        self._paste_ended = self._paste_spent = False
        if not spent:
            out.append(PASTE_START + content[:MAX_PASTE].translate(_PASTE_SYMBOLS) + PASTE_END)
        self._scan(after, out)
