#!/usr/bin/env python3
"""Opens suite reports (`scrollrender test SUITE --report DIR`) in headless Chromium, as a reviewer
would, and clicks every link: the index's, then each case page's. The suite's names are hostile
(`javascript:` URLs, markup, quotes), so this is the check that no script of theirs runs. Prints a
JSON array, one object for each report, in the order given, each from a tab of its own:

  pages            every page opened (file: URLs), the index first
  links            every link's resolved href, by page
  clicked          every URL a click led to (the page itself when it led nowhere)
  titles           document.title after every load and every click
  pwned            whether any title was ever the suite's `pwned`
  outside          hrefs or clicks that lead anywhere but a file inside DIR
  consoleErrors, exceptions, externalRequests   what must stay empty

It drives Chromium with check-report.py's Browser (the DevTools protocol on a pipe, standard
library only): one browser for all the reports.

Usage: check-suite-report.py CHROMIUM REPORT_DIR...
"""

import importlib.util
import json
import os
import sys
import time
import urllib.parse

_spec = importlib.util.spec_from_file_location("check_report", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-report.py"))
check_report = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_report)

LINKS = "[...document.querySelectorAll('a[href]')].map(a => a.href)"

# The centre of the n-th link, scrolled into view; null when it has no box.
LINK_BOX = """(n => { const a = document.querySelectorAll('a[href]')[n]; if (!a) return null;
  a.scrollIntoView({block: 'center'}); const r = a.getBoundingClientRect();
  return r.width && r.height ? {x: r.left + r.width / 2, y: r.top + r.height / 2} : null; })(%d)"""


def inside(url, root):
    """Whether `url` names a file inside the folder `root`."""
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme != "file":
        return False
    path = os.path.realpath(urllib.parse.unquote(parsed.path))
    return path == root or path.startswith(root + os.sep)


# What a load or a click starts and ends; left over from one step, they would end the next's wait.
NAVIGATION = ("Page.frameRequestedNavigation", "Page.frameStartedLoading", "Page.frameNavigated", "Page.navigatedWithinDocument",
              "Page.domContentEventFired", "Page.loadEventFired", "Page.frameStoppedLoading")


def check(browser, report):
    """Opens `report`'s index in a new tab and clicks every link of every page it reaches."""
    index = "file://" + urllib.parse.quote(os.path.join(report, "index.html"))
    result = {"pages": [], "links": {}, "clicked": [], "titles": [], "outside": []}

    def forget_navigation():
        browser.events = [event for event in browser.events if event.get("method") not in NAVIGATION]

    def load(url, settle=True):
        """Opens `url`; when `settle`, waits 0.2 s more for what its scripts do late (a page
        opened again, to click its next link, had that wait the first time)."""
        forget_navigation()
        browser.send("Page.navigate", {"url": url})
        browser.wait_for("Page.loadEventFired")
        if settle:
            time.sleep(0.2)
        result["titles"].append(browser.evaluate("document.title"))
        return browser.evaluate("location.href")

    target = browser.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    browser.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(domain + ".enable")
    queue, seen = [index], set()
    while queue:
        page = queue.pop(0)
        if page in seen:
            continue
        seen.add(page)
        shown = load(page)
        result["pages"].append(shown)
        links = browser.evaluate(LINKS)
        result["links"][shown] = links
        result["outside"] += [href for href in links if not inside(href, report)]
        # A click that leads to another document is stopped as it asks for it, and that document
        # noted as where it led: every page inside the report it reaches is opened and read on its
        # own, and one outside it fails the check all the same. So the page stays, to click its
        # next link. A click that starts nothing within 0.4 s, or only moves within the page, is
        # read then.
        browser.send("Fetch.enable", {"patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]})
        for n in range(len(links)):
            forget_navigation()
            box = browser.evaluate(LINK_BOX % n)
            if box:
                for kind in ("mousePressed", "mouseReleased"):
                    browser.send("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})
            asked = browser.next_event(("Fetch.requestPaused", "Page.navigatedWithinDocument"), 0.4)
            if asked and asked["method"] == "Fetch.requestPaused":
                reached = asked["params"]["request"]["url"]
                browser.send("Fetch.failRequest", {"requestId": asked["params"]["requestId"], "errorReason": "Aborted"})
                browser.wait_for("Page.frameStoppedLoading")
            else:
                reached = browser.evaluate("location.href")
            result["titles"].append(browser.evaluate("document.title"))
            result["clicked"].append(reached)
            if not inside(reached, report):
                result["outside"].append(reached)
            elif reached.split("#")[0] != shown.split("#")[0]:
                queue.append(reached.split("#")[0])
            if browser.evaluate("location.href") != shown:
                load(page, settle=False)
        browser.send("Fetch.disable")
    result.update(browser.problems())
    browser.send("Target.closeTarget", {"targetId": target}, session=False)
    result["pwned"] = any(title == "pwned" for title in result["titles"])
    return result


def main():
    executable, reports = sys.argv[1], [os.path.realpath(report) for report in sys.argv[2:]]
    browser = check_report.Browser(executable)
    try:
        results = [check(browser, report) for report in reports]
    finally:
        browser.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
