#!/usr/bin/env python3
"""Drives headless Chromium against `scrollrender diff --report` pages over the DevTools protocol
(--remote-debugging-pipe: NUL-separated JSON on file descriptors 3 and 4, so only the standard
library is needed), each page in a tab of its own in one browser, and prints a JSON array with an
object for each page, in the order given, of what it saw (or `checkFailed`, why its check stopped):

  consoleErrors, exceptions, externalRequests   what must stay empty
  brokenPictures                                every picture the page or its data names that fails to load
  polylines, longestPolyline                    the motion curves drawn
  motionFirst                                   whether the motion section is drawn above the frame viewer
  counts                                        failing frames as the summary, the viewer, the filmstrip
                                                and the page's data count them
  firstFrame, afterRight, afterLeft             data-current after loading and after the keys
  clipBefore, clipAfter                         the slider overlay's clip before and after moving it
  clickedFrame, boxData, boxDrawn,               after clicking the last failing thumbnail with pictures and
  boxPictureSize, boxGreen                      showing its difference picture: the frame shown, its box as
                                                the data gives it and as drawn over the picture (fractions
                                                of it: left, top, width, height), the picture's size on
                                                screen (CSS pixels), and the outline's green pixels in a
                                                screenshot of the box
  screenshotColors                              distinct colours in a screenshot of the page
  side                                          the side-by-side view as first shown: whether its stage
                                                overflows (a scroll bar, a cut picture), whether the box
                                                lies inside the stage, whether every picture is whole in
                                                the stage and the window, and how many pictures
  masks                                         the masks as the data gives them, how many hatched
                                                overlays the side-by-side view draws, the first one's
                                                place over its picture (fractions) and whether it is
                                                hatched (a repeating gradient)

A page given as `suite:DIR` is instead a suite report folder, checked by check-suite-report.py
(every link of every page clicked) in the same browser.

Usage: check-report.py CHROMIUM FILE_URL|suite:DIR...
"""

import fcntl
import importlib.util
import json
import os
import select
import subprocess
import sys
import tempfile
import time


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

    def next_event(self, methods, timeout):
        """The first event of `methods`, queued or arriving within `timeout` s (taken from the
        queue), or None when none came."""
        end = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") in methods:
                    return self.events.pop(index)
            left = end - time.time()
            if left <= 0 or (b"\0" not in self.buffer and not select.select([self.from_child_r], [], [], left)[0]):
                return None
            self.events.append(self.read())

    def evaluate(self, expression, awaits=False):
        """The value of `expression`; with `awaits`, of the promise it gives."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": awaits})
        if "exceptionDetails" in result:
            raise RuntimeError("evaluating %s: %s" % (expression, result["exceptionDetails"]))
        return result["result"].get("value")

    def key(self, key, code, keycode):
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                  "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode})

    def problems(self):
        """What must stay empty, of everything the page (this session) did so far: console errors,
        exceptions and requests for anything but a file (or data, or about:blank)."""
        time.sleep(0.2)
        self.send("Runtime.evaluate", {"expression": "1"})
        events = [e for e in self.events if e.get("sessionId") == self.session]
        errors = [e["params"]["args"][0].get("value", "") for e in events
                  if e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert")]
        errors += [e["params"]["entry"]["text"] for e in events if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"]
        return {"consoleErrors": errors,
                "exceptions": [e["params"]["exceptionDetails"].get("text", "") for e in events if e.get("method") == "Runtime.exceptionThrown"],
                "externalRequests": [e["params"]["request"]["url"] for e in events
                                     if e.get("method") == "Network.requestWillBeSent"
                                     and not e["params"]["request"]["url"].startswith(("file:", "data:", "about:"))]}

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# A PNG's pixels counted by Chromium's own decoder, in a blank page of their own: the distinct
# colours of every 7th pixel of every 7th row, and the pixels of the outline's green (#00c853, give
# or take antialiasing). Decoded as stored (no colour conversion), so the values are the file's.
PIXELS = """(async () => {
  const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,SHOT')).blob(),
                                         {colorSpaceConversion: 'none', premultiplyAlpha: 'none'});
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height), context = canvas.getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const w = bitmap.width, h = bitmap.height, d = context.getImageData(0, 0, w, h).data, colors = new Set();
  let green = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const o = (y * w + x) * 4, r = d[o], g = d[o + 1], b = d[o + 2];
    if (y % 7 == 0 && x % 7 == 0) colors.add(r << 16 | g << 8 | b);
    if (r < 60 && g > 170 && 40 < b && b < 130) green++;
  }
  return {colors: colors.size, green: green};
})()"""


def count_pixels(browser, shots):
    """`PIXELS` of each base64 PNG in `shots`, in a new blank tab (opened when the page under test
    has been checked, so that it never runs in the background), closed after."""
    target = browser.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    page, browser.session = browser.session, browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
    try:
        return [browser.evaluate(PIXELS.replace("SHOT", shot), awaits=True) for shot in shots]
    finally:
        browser.session = page
        browser.send("Target.closeTarget", {"targetId": target}, session=False)


# Every picture the page shows or its data names, loaded outside the page (thumbnails are lazy).
CHECK_PICTURES = """new Promise(done => {
  const data = (d => d ? JSON.parse(d.textContent) : [])(document.getElementById('data'));
  const sources = new Set([...document.querySelectorAll('img')].map(i => i.getAttribute('src')));
  data.forEach(e => ['expected', 'actual', 'diff', 'thumb'].forEach(k => { if (e[k]) sources.add(e[k]); }));
  const broken = [];
  let left = sources.size;
  if (!left) done(broken);
  sources.forEach(src => { const i = new Image();
    i.onload = () => { if (!i.naturalWidth) broken.push(src); if (!--left) done(broken); };
    i.onerror = () => { broken.push(src); if (!--left) done(broken); };
    i.src = src; });
})"""

COUNTS = """(() => {
  const data = (d => d ? JSON.parse(d.textContent) : [])(document.getElementById('data'));
  const row = [...document.querySelectorAll('#summary th')].find(th => th.textContent === 'failing');
  const viewer = (document.querySelector('#viewer .nav') || {textContent: ''}).textContent.match(/of (\\d+) failing/);
  return {summary: row ? parseInt(row.nextElementSibling.textContent) : null,
          viewer: viewer ? parseInt(viewer[1]) : null,
          filmstrip: document.querySelectorAll('.thumb.different, .thumb.missing, .thumb.extra').length,
          data: data.filter(e => !e.passed).length};
})()"""

# The box over the difference picture, as fractions of the picture: the outline's border box
# stands 4 px outside the pixels it surrounds (margin -4, padding 2, border 2). The clip for its
# screenshot is in the document's coordinates.
BOX = """(() => {
  const data = (d => d ? JSON.parse(d.textContent) : [])(document.getElementById('data'));
  const entry = data.find(e => String(e.index) === document.body.dataset.current);
  const box = document.querySelector('#viewer .box'), picture = document.querySelector('#viewer .boxwrap img');
  if (!box || !picture) return {data: entry ? entry.box : null, drawn: null, size: null, clip: null};
  box.scrollIntoView({block: 'center'});
  const b = box.getBoundingClientRect(), p = picture.getBoundingClientRect();
  return {data: entry.box,
          drawn: [(b.left + 4 - p.left) / p.width, (b.top + 4 - p.top) / p.height, (b.width - 8) / p.width, (b.height - 8) / p.height],
          size: [p.width, p.height],
          clip: {x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height, scale: 1}};
})()"""


SIDE = """(() => {
  const stage = document.querySelector('#viewer .stage');
  if (!stage || !document.querySelector('#viewer .side')) return null;
  const s = stage.getBoundingClientRect(), box = document.querySelector('#viewer .side .box');
  const inside = r => r.left >= s.left - 0.5 && r.right <= s.right + 0.5 && r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5;
  const pictures = [...document.querySelectorAll('#viewer .side img')].map(i => i.getBoundingClientRect());
  return {overflows: stage.scrollWidth > stage.clientWidth + 1 || stage.scrollHeight > stage.clientHeight + 1,
          boxInside: !box || inside(box.getBoundingClientRect()),
          picturesWhole: pictures.every(p => inside(p) && p.height <= innerHeight && p.width > 0),
          pictures: pictures.length};
})()"""

MASKS = """(() => {
  const data = (d => d ? JSON.parse(d.textContent) : [])(document.getElementById('masks'));
  const overlays = [...document.querySelectorAll('#viewer .mask')];
  const first = overlays[0], picture = first ? first.parentElement.querySelector('img') : null;
  if (!first || !picture) return {data: data, drawn: null, count: overlays.length, hatched: false};
  const m = first.getBoundingClientRect(), p = picture.getBoundingClientRect();
  return {data: data, count: overlays.length,
          drawn: [(m.left - p.left) / p.width, (m.top - p.top) / p.height, m.width / p.width, m.height / p.height],
          hatched: getComputedStyle(first).backgroundImage.includes('repeating-linear-gradient')};
})()"""


def check(browser, url):
    """What the page at `url` shows and does, in a new tab, closed after."""
    result = {}
    target = browser.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    try:
        browser.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.send(domain + ".enable")
        browser.send("Page.navigate", {"url": url})
        browser.wait_for("Page.loadEventFired")
        time.sleep(0.3)
        result["firstFrame"] = browser.evaluate("document.body.dataset.current")
        result["side"] = browser.evaluate(SIDE)
        result["masks"] = browser.evaluate(MASKS)
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
        shots = {"screenshotColors": shot["data"]}
        result["motionFirst"] = browser.evaluate(
            "(() => { const m = document.getElementById('motion'), v = document.getElementById('viewer');"
            " return !!m && m.getBoundingClientRect().top < v.getBoundingClientRect().top; })()")
        result["counts"] = browser.evaluate(COUNTS)
        result["brokenPictures"] = browser.evaluate(CHECK_PICTURES, awaits=True)
        # Click the last failing frame in the filmstrip, show its difference picture, find the box.
        clicked = browser.evaluate(
            "(() => { const data = (d => d ? JSON.parse(d.textContent) : [])(document.getElementById('data'));"
            " const p = data.map((e, i) => e.diff && !e.passed ? i : -1).filter(i => i >= 0).pop();"
            " const t = document.querySelector('.thumb[data-position=\"' + p + '\"]'); if (!t) return null;"
            " t.scrollIntoView({block: 'center'}); const r = t.getBoundingClientRect();"
            " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
        if clicked:
            for kind in ("mousePressed", "mouseReleased"):
                browser.send("Input.dispatchMouseEvent", {"type": kind, "x": clicked["x"], "y": clicked["y"],
                                                          "button": "left", "clickCount": 1})
            browser.key("3", "Digit3", 51)
            browser.evaluate("new Promise(r => { const i = document.querySelector('#viewer img');"
                             " if (!i || i.complete) r(0); else { i.onload = () => r(0); i.onerror = () => r(0); } })", awaits=True)
            result["clickedFrame"] = browser.evaluate("document.body.dataset.current")
            box = browser.evaluate(BOX)
            result["boxData"], result["boxDrawn"], result["boxPictureSize"] = box["data"], box["drawn"], box["size"]
            if box["clip"]:
                time.sleep(0.1)
                picture = browser.send("Page.captureScreenshot", {"format": "png", "clip": box["clip"],
                                                                  "captureBeyondViewport": True})
                shots["boxGreen"] = picture["data"]
        result.update(browser.problems())
        counted = count_pixels(browser, list(shots.values()))
        result["screenshotColors"] = counted[0]["colors"]
        if "boxGreen" in shots:
            result["boxGreen"] = counted[1]["green"]
    finally:
        browser.send("Target.closeTarget", {"targetId": target}, session=False)
    return result


def check_suite(browser, folder):
    """check-suite-report.py's check of the suite report in `folder`."""
    spec = importlib.util.spec_from_file_location("check_suite_report", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-suite-report.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.check(browser, os.path.realpath(folder))


def main():
    executable, urls = sys.argv[1], sys.argv[2:]
    browser = Browser(executable)
    results = []
    try:
        for url in urls:
            try:
                results.append(check_suite(browser, url[len("suite:"):]) if url.startswith("suite:") else check(browser, url))
            except Exception as error:
                results.append({"checkFailed": "%s: %s" % (type(error).__name__, error)})
    finally:
        browser.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
