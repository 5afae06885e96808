"""What the baselines (ffmpeg-frames.py, pillow-frames.py, pyvips-frames.py) read of a scrollrender
manifest besides its frames, in one place, so that a change of keys breaks here with a message.

Format 2 manifests (`"format": 2`) record the device pixels per point at the top (`displayScale`)
and, under `settings`, only the settings a render was given, in the scenario's keys (`size`,
`scale`, `imageScale`, `background`, ...); older ones wrote every setting in keys of their own
(`settings.displayScale`, `settings.viewSize`). The view's size in points is the frames' pixel
size over the display scale, whatever named it (`size`, a device).
"""


def display_scale(manifest):
    """Device pixels per point: the top-level `displayScale`, else (older manifests) the settings'."""
    settings = manifest.get("settings", {})
    for value in (manifest.get("displayScale"), settings.get("displayScale"), settings.get("scale")):
        if value is not None:
            return float(value)
    raise SystemExit("manifest: no displayScale (neither at the top nor in settings): has its format changed?")


def view_size(manifest):
    """The view's size in points."""
    scale = display_scale(manifest)
    return manifest["pixelWidth"] / scale, manifest["pixelHeight"] / scale


def image_scale(manifest):
    """Picture pixels per point (UIImage.scale): 1 unless given. A picture fitted to the view
    (`fit`) records no scale of its own, so the baselines cannot draw it."""
    settings = manifest.get("settings", {})
    if "fit" in settings and "imageScale" not in settings:
        raise SystemExit("manifest: the picture was fitted (settings.fit): its imageScale is not recorded")
    return float(settings.get("imageScale", 1))


def background(manifest, default="#ffffff"):
    """The background colour as #rrggbb (its alpha dropped)."""
    return "#" + manifest.get("settings", {}).get("background", default).lstrip("#")[:6]
