"""A screenshot goes to a folder that exists, and the message says which."""

from __future__ import annotations

from cardtable.ui.app import CardtableApp
from cardtable.ui.screens.home import HomeScreen
from tests.waits import until


async def saved_message(app: CardtableApp, pilot) -> str:
    """Take a screenshot as the palette's entry does, and wait for what the app says."""
    app.deliver_screenshot()

    def said() -> list[str]:
        return [n.message for n in app._notifications if n.title in ("Saved", "Not saved")]

    return (await until(said, "a message about the screenshot", pilot=pilot))[0]


async def test_without_a_downloads_folder_the_screenshot_goes_to_pictures(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "server-home"))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        message = await saved_message(app, pilot)
    pictures = tmp_path / "home" / "data" / "pictures"
    [picture] = pictures.glob("*.svg")
    assert message == f"Saved the screenshot as {picture.name} in {pictures}"
    assert not (tmp_path / "server-home" / "Downloads").exists()


async def test_with_a_downloads_folder_the_screenshot_goes_there(tmp_path, monkeypatch):
    downloads = tmp_path / "desk-home" / "Downloads"
    downloads.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "desk-home"))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    app = CardtableApp(lambda app: HomeScreen(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        message = await saved_message(app, pilot)
    [picture] = downloads.glob("*.svg")
    assert message == f"Saved the screenshot as {picture.name} in {downloads}"
