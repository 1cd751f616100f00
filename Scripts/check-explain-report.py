#!/usr/bin/env python3
"""Checks the HTML report of `hitkit explain` as a real browser rendered it.

usage: check-explain-report.py DOM.html SCREENSHOT.png

DOM.html is Chromium's --dump-dom of the report of Fixtures/scenarios/why-tap-eaten-by-pan.json,
SCREENSHOT.png its --screenshot (device scale 1). The rendered DOM must have the lanes, the hit
view and the highlighted path; the screenshot must show, at the places the DOM gives, the hit
view's fill, the path's outline and each state's colour, so a page that lays out but does not
paint (or paints the wrong colours) fails. Standard library only: the PNG is decoded here.
"""
import re
import struct
import sys
import zlib

# The report's layout (HTMLReport.style): body padding 8 px 16 px, a 24 px title, then each
# panel's 24 px heading; the scene panel first, the timeline 24 px to its right.
PAGE_LEFT, PANEL_TOP, PANEL_GAP = 16, 8 + 24 + 24, 24
COLOURS = {
    "hit view": (0xFF, 0xC0, 0x78),
    "path": (0xE8, 0x59, 0x0C),
    "began": (0x74, 0xC0, 0xFC),
    "ended": (0x37, 0xB2, 0x4D),
    "possible": (0xCE, 0xD4, 0xDA),
    "cancel mark": (0xC9, 0x2A, 0x2A),
    "delivery mark": (0x1C, 0x7E, 0xD6),
}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def read_png(path):
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    offset, idat, width = 8, b"", 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                sys.exit(f"{path}: expected 8-bit RGB or RGBA, not interlaced")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[position], bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, lambda x, y: tuple(rows[y][x * channels:x * channels + 3])


def near(pixel, colour, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


def shows(pixel_at, size, x, y, colour, radius=2):
    """Whether the colour is painted within `radius` pixels of (x, y)."""
    width, height = size
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            px, py = int(round(x)) + dx, int(round(y)) + dy
            if 0 <= px < width and 0 <= py < height and near(pixel_at(px, py), colour):
                return True
    return False


def attributes(tag):
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag))


def main(dom_path, png_path):
    dom = open(dom_path, encoding="utf-8").read()
    width, height, pixel_at = read_png(png_path)
    size = (width, height)

    # The DOM: the page's script ran (it marks the body), the lanes, the hit view and the path.
    check(re.search(r'<body[^>]*class="marks-ready"', dom), "the page's script did not run")
    lanes = [(a["class"], a["data-lane"]) for a in map(attributes, re.findall(r'<g [^>]*class="lane [^"]*"[^>]*>', dom))]
    check(("lane lane-touch", "touch 1") in lanes, f"no lane for touch 1 in {lanes}")
    check(("lane lane-recognizer", "pan") in lanes, f"no lane for the pan in {lanes}")
    touch = attributes(re.search(r'<g class="touch"[^>]*>', dom).group(0))
    check(touch.get("data-hit-view") == "likeButton", f"touch 1 hit {touch.get('data-hit-view')}, not likeButton")
    check(touch.get("data-path") == "win list likeButton", f"touch 1's path is {touch.get('data-path')}")
    polygons = {a["data-view"]: a for a in map(attributes, re.findall(r"<polygon [^>]*data-view=[^>]*>", dom)) if "hit-area" not in a["class"]}
    check(sorted(v for v, a in polygons.items() if "on-path" in a["class"]) == ["likeButton", "list", "win"],
          "the highlighted path is not win › list › likeButton")
    check([v for v, a in polygons.items() if "hit-view" in a["class"]] == ["likeButton"], "likeButton is not the only hit view")
    states = [a["data-state"] for a in map(attributes, re.findall(r'<rect class="state [^>]*>', dom))]
    check(states.count("began") == 1 and "ended" in states and "possible" in states, f"the pan's states are {states}")
    marks = re.findall(r'class="mark mark-(\w+)"', dom)
    check("delivery" in marks and "cancel" in marks and "action" in marks, f"marks {sorted(set(marks))}")
    check("touchesCancelled 1" in dom, "no record of likeButton's cancel")

    # The screenshot: the colours at the places the DOM puts them.
    scene = attributes(re.search(r'<svg id="scene"[^>]*>', dom).group(0))
    scale, margin = float(scene["data-scale"]), float(scene["data-margin"])
    origin_x, origin_y = map(float, scene["data-origin"].split())
    to_page = lambda x, y: (PAGE_LEFT + margin + (x - origin_x) * scale, PANEL_TOP + margin + (y - origin_y) * scale)
    # likeButton is (40, 280, 120, 44) on the screen; the touch is drawn at (100, 300).
    check(shows(pixel_at, size, *to_page(140, 315), COLOURS["hit view"]), "the hit view is not filled")
    check(shows(pixel_at, size, *to_page(40, 302), COLOURS["path"]), "likeButton's outline is not the path's colour")
    check(shows(pixel_at, size, *to_page(100, 300), COLOURS["delivery mark"]), "touch 1 is not drawn where it began")
    timeline_left = PAGE_LEFT + float(scene["width"]) + PANEL_GAP
    for state in ("began", "ended", "possible"):
        bar = next(a for a in map(attributes, re.findall(r'<rect class="state [^>]*>', dom)) if a["data-state"] == state)
        x, y = float(bar["x"]) + min(float(bar["width"]), 6) / 2, float(bar["y"]) + 5
        check(shows(pixel_at, size, timeline_left + x, PANEL_TOP + y, COLOURS[state], radius=1), f"the {state} bar is not painted")
    cancel = re.search(r'class="mark mark-cancel"[^>]*>(?:<title>.*?</title>)?<polygon points="([\d.]+),([\d.]+) ([\d.]+),', dom)
    x, y = (float(cancel.group(1)) + float(cancel.group(3))) / 2, float(cancel.group(2)) + 3
    check(shows(pixel_at, size, timeline_left + x, PANEL_TOP + y, COLOURS["cancel mark"]), "the cancel mark is not painted")

    for failure in failures:
        print(f"check-explain-report: {failure}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"check-explain-report: the DOM has {len(lanes)} lanes, the path and {len(marks)} marks; the screenshot shows them")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
