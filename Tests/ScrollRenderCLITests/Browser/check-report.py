#!/usr/bin/env python3
"""Drives headless Chromium against a `scrollrender diff --report` page over the DevTools protocol
(--remote-debugging-pipe: NUL-separated JSON on file descriptors 3 and 4, so only the standard
library is needed) and prints one JSON object of what it saw:

  consoleErrors, exceptions, externalRequests   what must stay empty
  polylines, longestPolyline                    the motion curves drawn
  firstFrame, afterRight, afterLeft             data-current after loading and after the keys
  clipBefore, clipAfter                         the slider overlay's clip before and after moving it
  screenshotColors                              distinct colours in a screenshot of the page

Usage: check-report.py CHROMIUM FILE_URL
"""

import base64
import fcntl
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib


class Browser:
    def __init__(self, executable):
        to_child_r, self.to_child_w = os.pipe()
        self.from_child_r, from_child_w = os.pipe()
        self.profile = tempfile.mkdtemp(prefix="scrollrender-report-")

        def wire():
            # Moved out of the way first: either pipe end may itself be descriptor 3 or 4.
            high_r, high_w = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--user-data-dir=" + self.profile,
             "--window-size=1100,1400", "about:blank"],
            close_fds=False, preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child_w, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def read(self, deadline=30):
        end = time.time() + deadline
        while b"\0" not in self.buffer:
            if time.time() > end:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.from_child_r, 1 << 16)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, deadline=30):
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        end = time.time() + deadline
        while time.time() < end:
            event = self.read(deadline)
            if event.get("method") == method:
                return event
            self.events.append(event)
        raise TimeoutError(method)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError("evaluating %s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def key(self, key, code, keycode):
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                  "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode})

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def png_colors(data):
    """Distinct RGB(A) colours of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, chunks, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks += body
        offset += 12 + length
    width, height, depth, color = header[:4]
    channels = {2: 3, 6: 4}[color]
    raw, stride, previous, colors, rows = zlib.decompress(chunks), width * channels, bytearray(width * channels), set(), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, upleft = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
        previous = line
        if y % 7 == 0:
            for x in range(0, width, 7):
                colors.add(bytes(line[x * channels:x * channels + 3]))
    return len(colors)


def main():
    executable, url = sys.argv[1], sys.argv[2]
    browser = Browser(executable)
    result = {}
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        browser.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.send(domain + ".enable")
        browser.send("Page.navigate", {"url": url})
        browser.wait_for("Page.loadEventFired")
        time.sleep(0.3)
        result["firstFrame"] = browser.evaluate("document.body.dataset.current")
        result["polylines"] = browser.evaluate("document.querySelectorAll('svg polyline').length")
        result["longestPolyline"] = browser.evaluate(
            "Math.max(0, ...[...document.querySelectorAll('svg polyline')].map(p => p.points.numberOfItems))")
        browser.key("ArrowRight", "ArrowRight", 39)
        result["afterRight"] = browser.evaluate("document.body.dataset.current")
        browser.key("ArrowLeft", "ArrowLeft", 37)
        result["afterLeft"] = browser.evaluate("document.body.dataset.current")
        browser.key("5", "Digit5", 53)
        result["view"] = browser.evaluate("document.body.dataset.view")
        result["clipBefore"] = browser.evaluate("document.querySelector('img.over') && document.querySelector('img.over').style.clipPath")
        browser.evaluate("(() => { const s = document.getElementById('slider'); if (s) { s.value = 10; s.dispatchEvent(new Event('input')); } })()")
        result["clipAfter"] = browser.evaluate("document.querySelector('img.over') && document.querySelector('img.over').style.clipPath")
        browser.evaluate("(() => { const s = document.getElementById('slider'); if (s) s.blur(); })()")
        shot = browser.send("Page.captureScreenshot", {"format": "png"})
        result["screenshotColors"] = png_colors(base64.b64decode(shot["data"]))
        time.sleep(0.2)
        browser.send("Runtime.evaluate", {"expression": "1"})
        events = browser.events
        result["consoleErrors"] = [e["params"]["args"][0].get("value", "") for e in events
                                   if e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert")]
        result["consoleErrors"] += [e["params"]["entry"]["text"] for e in events
                                    if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"]
        result["exceptions"] = [e["params"]["exceptionDetails"].get("text", "") for e in events if e.get("method") == "Runtime.exceptionThrown"]
        result["externalRequests"] = [e["params"]["request"]["url"] for e in events
                                      if e.get("method") == "Network.requestWillBeSent"
                                      and not e["params"]["request"]["url"].startswith(("file:", "data:", "about:"))]
    finally:
        browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
