#!/usr/bin/env python3
"""The browser build's test: opens build-web/index.html in headless Chromium (through chromedriver's
WebDriver protocol, Python's standard library only) and checks, with screenshots and the page's
state (app/web/shown_state.h):
  1. sequential, block 32, step 3 at 1280x720 (then idle: no frames drawn) equals the desktop's
     golden image
     (tests/golden/sequential_block32_step3.png, checked by tests/gui/test_golden.cpp), within the
     golden test's own tolerance: 4x4 averages in 16 levels, < 0.4% of them off by more than 40,
     a mean difference < 3 per channel;
  2. the arrow keys step: from step 0, three presses of Right show step 3, the same image; the
     page's address then names step 3, and opened again it shows step 3; in a lesson, Right past
     the last step runs the next kernel (a run started inside a frame, not at start);
  3. ?trace=URL fetches a trace file (written by the desktop's `stridescope trace`) and shows it as
     the desktop shows it (the desktop's screenshot of the same file, same tolerance); the same
     file dropped on the page opens;
  4. the wheel scrolls the panel under the pointer; Save PNG... and Save GIF..., clicked, download a PNG of the page's size and an animated GIF
     (made in a frame of the page's own, as the desktop makes it in a child process);
  5. every catalog variant (`stridescope list`) and every lesson draws its first frame without an
     error line; a malformed address (?block=abc) and a trace that is not there are each one
     `stridescope: error:` line.
Usage: page_test.py BUILD_WEB_DIR DESKTOP_BINARY OUT_DIR"""
import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
from pngs import read_png  # noqa: E402

WIDTH, HEIGHT, FACTOR = 1280, 720, 4
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "sequential_block32_step3.png")
ARROW_RIGHT, END = "\ue014", "\ue010"
SIZE = f"size={WIDTH}x{HEIGHT}"
TALL = (1280, 1600)  # where the Run panel shows all its buttons
SAVE_PNG, SAVE_GIF = (57, 368), (159, 368)
FACTS_PANEL, FACTS_BOX = (140, 500), (0, 340, 270, 700)  # at 1280x720: the Step facts panel


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One headless Chromium, driven over WebDriver's HTTP protocol."""

    def __init__(self, out_dir):
        self.port = free_port()
        self.driver = subprocess.Popen(["chromedriver", f"--port={self.port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", f"--window-size={WIDTH},{HEIGHT}",
                "--hide-scrollbars", f"--user-data-dir={out_dir}/chromium-profile"]
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": "/usr/bin/chromium", "args": args}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]
        # The viewport itself at WIDTH x HEIGHT (a headless window's size includes its frame).
        self.viewport(WIDTH, HEIGHT)

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                         method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())["value"]

    def run(self, script):
        return self.call("POST", f"/session/{self.session}/execute/sync",
                         {"script": script, "args": []})

    def open(self, url):
        """Loads the page; returns its state once the app drew its first frame, or raises with
        the page's error line."""
        self.call("POST", f"/session/{self.session}/url", {"url": url})
        for _ in range(600):
            error = self.error()
            if error:
                raise RuntimeError(f"{url}: {error}")
            if self.run("return window.stridescopeFirstFrameMs !== undefined;"):
                time.sleep(0.2)  # a frame or two more: a fault while drawing shows as an error
                error = self.error()
                if error:
                    raise RuntimeError(f"{url}: {error}")
                return self.state()
            time.sleep(0.1)
        raise RuntimeError(f"{url}: the app drew no frame within 60 s")

    def error(self):
        return self.run("const m = document.getElementById('message');"
                        "return m.style.display === 'block' ? m.textContent : '';")

    def state(self):
        return json.loads(self.run(
            "return Module.ccall('stridescope_web_state', 'string', [], []);"))

    def press(self, key, times=1):
        actions = []
        for _ in range(times):
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key},
                        {"type": "pause", "duration": 150}]
        self.call("POST", f"/session/{self.session}/actions",
                  {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def viewport(self, width, height):
        self.call("POST", f"/session/{self.session}/goog/cdp/execute",
                  {"cmd": "Emulation.setDeviceMetricsOverride",
                   "params": {"width": width, "height": height, "deviceScaleFactor": 1,
                              "mobile": False}})

    def downloads_to(self, folder):
        self.call("POST", f"/session/{self.session}/goog/cdp/execute",
                  {"cmd": "Browser.setDownloadBehavior",
                   "params": {"behavior": "allow", "downloadPath": os.path.abspath(folder)}})

    def click(self, x, y):
        pointer = [{"type": "pointerMove", "x": x, "y": y, "duration": 0},
                   {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 100},
                   {"type": "pointerUp", "button": 0}]
        self.call("POST", f"/session/{self.session}/actions",
                  {"actions": [{"type": "pointer", "id": "mouse",
                                "parameters": {"pointerType": "mouse"}, "actions": pointer}]})

    def hover(self, x, y):
        self.call("POST", f"/session/{self.session}/actions",
                  {"actions": [{"type": "pointer", "id": "mouse",
                                "parameters": {"pointerType": "mouse"},
                                "actions": [{"type": "pointerMove", "x": x, "y": y,
                                             "duration": 0},
                                            {"type": "pointerMove", "x": x + 1, "y": y + 1,
                                             "duration": 50}]}]})
        time.sleep(0.3)

    def wheel(self, x, y, delta_y):
        self.call("POST", f"/session/{self.session}/actions",
                  {"actions": [{"type": "wheel", "id": "wheel", "actions": [
                      {"type": "scroll", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y,
                       "duration": 100}]}]})

    def settled_screenshot(self, path):
        """A screenshot once two taken half a second apart are the same (transitions over)."""
        last = None
        for _ in range(20):
            png = base64.b64decode(self.call("GET", f"/session/{self.session}/screenshot"))
            if png == last:
                break
            last = png
            time.sleep(0.5)
        with open(path, "wb") as f:
            f.write(last)
        return path

    def close(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait()


def region(path, box):
    """The pixels of `box` (left, top, right, bottom) of a PNG."""
    _, _, rows = read_png(path)
    return [rows[y][box[0]:box[2]] for y in range(box[1], box[3])]


def wait_for_file(folder, extension, seconds=20):
    """The first finished download ending in `extension`, or None after `seconds`."""
    for _ in range(seconds * 10):
        done = [f for f in os.listdir(folder) if f.endswith(extension)]
        if done:
            time.sleep(0.3)
            return os.path.join(folder, done[0])
        time.sleep(0.1)
    return None


def gif_frames(path):
    """The number of images in a GIF (its image separators after each sub-block chain)."""
    data = open(path, "rb").read()
    if data[:6] != b"GIF89a":
        return 0
    pos, frames = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0), 0
    while pos < len(data) and data[pos] != 0x3B:
        if data[pos] == 0x21:  # an extension: its label, then sub-blocks
            pos += 2
        else:  # an image: its descriptor, local palette, LZW minimum size, then sub-blocks
            flags = data[pos + 9]
            pos += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0) + 1
            frames += 1
        while data[pos] != 0:
            pos += data[pos] + 1
        pos += 1
    return frames


def downsampled(path):
    """RGB averaged over FACTOR x FACTOR squares, 16 levels a channel (as test_golden.cpp)."""
    width, height, rows = read_png(path)
    assert (width, height) == (WIDTH, HEIGHT), f"{path} is {width}x{height}"
    out = []
    for y in range(height // FACTOR):
        for x in range(width // FACTOR):
            for c in range(3):
                total = sum(rows[y * FACTOR + dy][x * FACTOR + dx][c]
                            for dy in range(FACTOR) for dx in range(FACTOR))
                out.append(total // (FACTOR * FACTOR) // 16 * 17)
    return out


def reference(path):
    """A golden image as stored (already downsampled), or a full-size one downsampled."""
    width, _, rows = read_png(path)
    if width == WIDTH:
        return downsampled(path)
    return [v for row in rows for pixel in row for v in pixel[:3]]


def compare(shot, ref_values, what):
    now = downsampled(shot)
    assert len(now) == len(ref_values), what
    far, total = 0, 0
    for i in range(0, len(now), 3):
        diffs = [abs(now[i + c] - ref_values[i + c]) for c in range(3)]
        total += sum(diffs)
        far += max(diffs) > 40
    pixels = len(now) // 3
    ok = far / pixels < 0.004 and total / len(now) < 3.0
    print(f"{'ok' if ok else 'FAIL'}: {what}: {far} of {pixels} pixels off by more than 40, "
          f"mean difference {total / len(now):.2f} a channel")
    return ok


def catalog(desktop):
    listing = subprocess.run([desktop, "list"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in listing.splitlines()
            if line and not line[0].isspace() and not line.startswith("(")]


def lessons(desktop):
    text = subprocess.run([desktop, "--help"], check=True, capture_output=True, text=True).stdout
    line = next(l for l in text.splitlines() if "--lesson" in l)
    return [name.strip() for name in line.split(":")[-1].split(",")]


def check_golden(browser, page, out, failures):
    """1. The golden state, at its step from the address."""
    state = browser.open(f"{page}?variant=sequential&block=32&n=32&step=3&{SIZE}")
    shot = browser.settled_screenshot(f"{out}/sequential_step3.png")
    first_frame = browser.run("return window.stridescopeFirstFrameMs;") or 0
    print(f"first frame {first_frame:.0f} ms after the page was asked for (swiftshader)")
    if state.get("step") != 3 or not compare(shot, reference(GOLDEN), "sequential, step 3"):
        failures.append(f"sequential block 32 step 3: {state}")
    # An idle page draws no frames (the desktop's pacing): a few at most in two seconds.
    drawn = browser.state()["frames"]
    time.sleep(2)
    idle = browser.state()["frames"] - drawn
    print(f"frames drawn by the idle page in 2 s: {idle}")
    if idle > 5:
        failures.append(f"the idle page drew {idle} frames in 2 s")


def check_keys_and_address(browser, page, out, failures):
    """2. Right three times from step 0: the golden image; then the address names step 3."""
    browser.open(f"{page}?variant=sequential&block=32&n=32&{SIZE}")
    browser.press(ARROW_RIGHT, 3)
    shot = browser.settled_screenshot(f"{out}/sequential_keys.png")
    state = browser.state()
    if state.get("step") != 3 or not compare(shot, reference(GOLDEN), "Right x3 from step 0"):
        failures.append(f"three Right presses from step 0: {state}")
    time.sleep(1)
    address = browser.run("return location.href;")
    state = browser.open(address)
    print(f"address after the keys: {address}")
    if "step=3" not in address or state.get("step") != 3 or state.get("block") != 32:
        failures.append(f"the address after the keys ({address}) opens {state}")
    # A lesson's next kernel is run from inside a frame (not at start): Right past the last step.
    state = browser.open(f"{page}?lesson=harris-ladder&{SIZE}")
    browser.press(END)
    browser.press(ARROW_RIGHT)
    time.sleep(1)
    state = browser.state()
    if state.get("variant") != "interleaved-strided" or browser.error():
        failures.append(f"Right past kernel 1's last step of harris-ladder: {state}")


def check_trace_files(browser, page, build, desktop, out, failures):
    """3. ?trace=URL shows a trace as the desktop shows it; the same file dropped opens."""
    os.makedirs(f"{build}/test-traces", exist_ok=True)
    trace = f"{build}/test-traces/divergent64.json"
    subprocess.run([desktop, "trace", "--variant", "interleaved-divergent", "--block", "64",
                    "--out", trace], check=True, capture_output=True)
    desk = f"{out}/desktop_trace.png"
    subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", desktop, "--trace",
                    trace, "--step", "2", "--size", f"{WIDTH}x{HEIGHT}", "--screenshot", desk],
                   check=True, capture_output=True)
    state = browser.open(f"{page}?trace=test-traces/divergent64.json&step=2&{SIZE}")
    shot = browser.settled_screenshot(f"{out}/trace_url.png")
    if (state.get("variant") != "interleaved-divergent" or state.get("block") != 64 or
            state.get("step") != 2 or not compare(shot, downsampled(desk), "?trace=URL")):
        failures.append(f"?trace=URL: {state}")
    browser.open(f"{page}?variant=sequential&block=32&n=32&{SIZE}")
    browser.run("""
        fetch('test-traces/divergent64.json').then(r => r.blob()).then(blob => {
          const drop = new DataTransfer();
          drop.items.add(new File([blob], 'divergent64.json'));
          document.dispatchEvent(new DragEvent('drop', {dataTransfer: drop, bubbles: true}));
        });""")
    for _ in range(50):
        if browser.state().get("variant") == "interleaved-divergent":
            break
        time.sleep(0.1)
    state = browser.state()
    if state.get("variant") != "interleaved-divergent" or state.get("block") != 64:
        failures.append(f"a dropped trace file: {state}")


def check_wheel_and_saves(browser, page, out, failures):
    """4. The wheel scrolls the panel under the pointer; Save PNG... and Save GIF..., clicked,
    download the view at the page's size and every step as an animation."""
    browser.open(f"{page}?variant=sequential&block=32&n=32&{SIZE}")
    browser.hover(*FACTS_PANEL)
    before = browser.settled_screenshot(f"{out}/before_wheel.png")
    browser.wheel(*FACTS_PANEL, 300)
    after = browser.settled_screenshot(f"{out}/after_wheel.png")
    if region(before, FACTS_BOX) == region(after, FACTS_BOX):
        failures.append("the wheel over the Step facts panel scrolled nothing")
    downloads = f"{out}/downloads"
    os.makedirs(downloads, exist_ok=True)
    browser.downloads_to(downloads)
    browser.viewport(TALL[0], TALL[1])  # the Run panel whole, its buttons at SAVE_PNG, SAVE_GIF
    browser.open(f"{page}?variant=sequential&block=32&n=32&step=2&size={TALL[0]}x{TALL[1]}")
    browser.settled_screenshot(f"{out}/tall.png")
    browser.click(*SAVE_PNG)
    png = wait_for_file(downloads, ".png")
    if not png or read_png(png)[:2] != TALL:
        failures.append(f"Save PNG... downloaded {png}")
    browser.click(*SAVE_GIF)
    gif = wait_for_file(downloads, ".gif", seconds=60)
    frames = gif_frames(gif) if gif else 0
    print(f"Save GIF...: {gif} ({os.path.getsize(gif) if gif else 0} bytes, {frames} frames)")
    if frames < 7 * 15:  # 7 steps of 15 frames at least
        failures.append(f"Save GIF... downloaded {gif} with {frames} frames")
    browser.viewport(WIDTH, HEIGHT)


def check_every_variant_and_lesson(browser, page, desktop, failures):
    """5. Every variant and lesson opens; a malformed address is one error line."""
    for variant in catalog(desktop):
        try:
            state = browser.open(f"{page}?variant={variant}&block=64&{SIZE}")
            if state.get("variant") != variant or state.get("error"):
                failures.append(f"variant {variant}: {state}")
        except RuntimeError as e:
            failures.append(str(e))
    print(f"variants: {len(catalog(desktop))} opened")
    for lesson in lessons(desktop):
        try:
            state = browser.open(f"{page}?lesson={lesson}&{SIZE}")
            if state.get("error") or not state.get("steps"):
                failures.append(f"lesson {lesson}: {state}")
        except RuntimeError as e:
            failures.append(str(e))
    print(f"lessons: {', '.join(lessons(desktop))} opened")
    for bad in ("block=abc", "trace=no-such-trace.json"):
        try:
            browser.open(f"{page}?{bad}&{SIZE}")
            failures.append(f"?{bad} opened without an error")
        except RuntimeError as e:
            said = str(e).split(": ", 1)[1]
            print(f"?{bad}: {said}")
            if not said.startswith("stridescope: error: ") or "\n" in said:
                failures.append(f"?{bad} said {said!r}")


def main():
    build, desktop, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", build],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = f"http://127.0.0.1:{port}/index.html"
    failures = []
    browser = Browser(out)
    try:
        time.sleep(0.5)
        check_golden(browser, page, out, failures)
        check_keys_and_address(browser, page, out, failures)
        check_trace_files(browser, page, build, desktop, out, failures)
        check_wheel_and_saves(browser, page, out, failures)
        check_every_variant_and_lesson(browser, page, desktop, failures)
    finally:
        browser.close()
        server.terminate()
    for failure in failures:
        print(f"FAIL: {failure}")
    print("web page test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
