"""``cardtable screenshots``: regenerate an SVG and a PNG of every main screen."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any

from cardtable.tools.shots import Shot, all_shots


async def capture(shot: Shot, folder: Path) -> Path:
    app = shot.build()
    # toasts on, as people see them (and as the snapshot tests draw them): a hint is one
    async with app.run_test(size=shot.size, notifications=True) as pilot:
        await shot.drive(pilot)
        svg = app.export_screenshot(title=f"cardtable · {shot.name}")
    path = folder / f"{shot.name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def to_png(svg: Path) -> Path | None:
    """A PNG beside the SVG, when cairosvg (in the test extra) is installed."""
    try:
        import cairosvg
    except ImportError:
        return None
    png = svg.with_suffix(".png")
    # cairosvg cannot fetch the web font the SVG names: use a local monospace face instead
    text = svg.read_text(encoding="utf-8").replace(
        "Fira Code, monospace", "DejaVu Sans Mono, monospace"
    )
    cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=str(png), output_width=1600)
    return png


def run_screenshots_command(args: Any) -> int:
    from rich.console import Console

    console = Console()
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDTABLE_HOME"] = home  # scenes never touch the user's saves
        for shot in all_shots():
            if args.only and args.only not in shot.name:
                continue
            svg = asyncio.run(capture(shot, folder))
            png = to_png(svg)
            console.print(
                f"{shot.name}: {svg}" + (f", {png}" if png else " (no cairosvg: SVG only)")
            )
    return 0
