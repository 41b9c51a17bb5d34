"""Google's robots.txt library (PyPI `jwm.robotstxt`, the C++ matcher as a Python extension) as an oracle.

Started once by the differential tester (`cargo xtask differential`), it answers batches of questions read
from standard input and writes the answers to standard output, both in the binary frames described in
`tests/differential/protocol.rs`. It holds no logic of its own beyond calling the library.
"""

import struct
import sys

from jwm.robotstxt.googlebot import ParseRobotsTxt, RobotsMatcher, RobotsParseHandler

U32 = struct.Struct("<I")
U8U32 = struct.Struct("<BI")


class Reader:
    def __init__(self, data):
        self.data = memoryview(data)
        self.pos = 0

    def u8(self):
        value = self.data[self.pos]
        self.pos += 1
        return value

    def u32(self):
        (value,) = U32.unpack_from(self.data, self.pos)
        self.pos += 4
        return value

    def blob(self):
        n = self.u32()
        value = bytes(self.data[self.pos : self.pos + n])
        self.pos += n
        return value


def blob(out, data):
    out.append(U32.pack(len(data)))
    out.append(data)


class Recorder(RobotsParseHandler):
    """Records the per-line metadata and the directive callbacks of one parse."""

    def __init__(self):
        RobotsParseHandler.__init__(self)
        self.lines = []
        self.calls = []

    def HandleRobotsStart(self):
        pass

    def HandleRobotsEnd(self):
        pass

    def HandleUserAgent(self, line, value):
        self.calls.append((0, line, b"", value.encode()))

    def HandleAllow(self, line, value):
        self.calls.append((1, line, b"", value.encode()))

    def HandleDisallow(self, line, value):
        self.calls.append((2, line, b"", value.encode()))

    def HandleSitemap(self, line, value):
        self.calls.append((3, line, b"", value.encode()))

    def HandleUnknownAction(self, line, action, value):
        self.calls.append((4, line, action.encode(), value.encode()))

    def ReportLineMetadata(self, line, m):
        flags = (
            m.is_empty
            | m.has_comment << 1
            | m.is_comment << 2
            | m.has_directive << 3
            | m.is_acceptable_typo << 4
            | m.is_line_too_long << 5
            | m.is_missing_colon_separator << 6
        )
        self.lines.append((line, flags))


def answer(request):
    r = Reader(request)
    out = []
    matcher = RobotsMatcher()
    allowed_by_robots = matcher.AllowedByRobots
    matching_line = matcher.matching_line
    for _ in range(r.u32()):
        body = r.blob()
        if r.u8():
            meta_body = r.blob()
            recorder = Recorder()
            try:
                ParseRobotsTxt(meta_body, recorder)
            except Exception:  # a value the extension cannot hand to Python (not UTF-8): say so, go on
                out.append(b"\x00")
            else:
                out.append(b"\x01")
                out.append(U32.pack(len(recorder.lines)))
                out.extend(U8U32.pack(flags, line) for line, flags in recorder.lines)
                out.append(U32.pack(len(recorder.calls)))
                for kind, line, key, value in recorder.calls:
                    out.append(U8U32.pack(kind, line))
                    blob(out, key)
                    blob(out, value)
        for _ in range(r.u32()):
            agents = [r.blob() for _ in range(r.u8())]
            url = r.blob()
            allowed = allowed_by_robots(body, agents, url)
            out.append(U8U32.pack(allowed, matching_line()))
    for _ in range(r.u32()):
        agent = r.blob()
        blob(out, RobotsMatcher.ExtractUserAgent(agent).encode())
        out.append(b"\x01" if RobotsMatcher.IsValidUserAgentToObey(agent) else b"\x00")
    return b"".join(out)


def main():
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    while True:
        head = stdin.read(4)
        if len(head) < 4:
            return
        (n,) = U32.unpack(head)
        reply = answer(stdin.read(n))
        stdout.write(U32.pack(len(reply)))
        stdout.write(reply)
        stdout.flush()


if __name__ == "__main__":
    main()
