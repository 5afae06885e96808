#!/usr/bin/env python3
"""Opens a suite report (`scrollrender test SUITE --report DIR`) in headless Chromium, as a reviewer
would, and clicks every link: the index's, then each case page's. The suite's names are hostile
(`javascript:` URLs, markup, quotes), so this is the check that no script of theirs runs. Prints one
JSON object:

  pages            every page opened (file: URLs), the index first
  links            every link's resolved href, by page
  clicked          every URL a click led to (the page itself when it led nowhere)
  titles           document.title after every load and every click
  pwned            whether any title was ever the suite's `pwned`
  outside          hrefs or clicks that lead anywhere but a file inside DIR
  consoleErrors, exceptions, externalRequests   what must stay empty

It drives Chromium with check-report.py's Browser (the DevTools protocol on a pipe, standard
library only).

Usage: check-suite-report.py CHROMIUM REPORT_DIR
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


def main():
    executable, report = sys.argv[1], os.path.realpath(sys.argv[2])
    index = "file://" + urllib.parse.quote(os.path.join(report, "index.html"))
    browser = check_report.Browser(executable)
    result = {"pages": [], "links": {}, "clicked": [], "titles": [], "outside": []}

    def load(url):
        browser.send("Page.navigate", {"url": url})
        browser.wait_for("Page.loadEventFired")
        time.sleep(0.2)
        result["titles"].append(browser.evaluate("document.title"))
        return browser.evaluate("location.href")

    try:
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
            for n in range(len(links)):
                box = browser.evaluate(LINK_BOX % n)
                if box:
                    for kind in ("mousePressed", "mouseReleased"):
                        browser.send("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1})
                time.sleep(0.4)
                reached = browser.evaluate("location.href")
                result["titles"].append(browser.evaluate("document.title"))
                result["clicked"].append(reached)
                if not inside(reached, report):
                    result["outside"].append(reached)
                elif reached.split("#")[0] != shown.split("#")[0]:
                    queue.append(reached.split("#")[0])
                if reached != shown:
                    load(page)
        result.update(browser.problems())
    finally:
        browser.close()
    result["pwned"] = any(title == "pwned" for title in result["titles"])
    print(json.dumps(result))


if __name__ == "__main__":
    main()
