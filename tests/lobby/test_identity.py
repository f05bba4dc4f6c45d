"""Identity: the key made once (0600), its id as SSH names it, and sign-in signatures that cannot be
forged, replayed, or carried to another server."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from cardtable.online.identity import (
    KEY_FILE,
    Challenge,
    IdentityError,
    load_or_create,
    tag,
    tagged,
)

HOST = "127.0.0.1:8765"


def test_the_key_is_made_once_readable_only_by_its_owner(tmp_path: Path) -> None:
    first = load_or_create(tmp_path)
    mode = stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode)
    assert mode == 0o600
    assert load_or_create(tmp_path).player == first.player
    assert first.player.startswith("SHA256:") and len(first.player) == 50


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="needs OpenSSH's ssh-keygen")
def test_the_player_id_is_the_fingerprint_ssh_keygen_prints(tmp_path: Path) -> None:
    me = load_or_create(tmp_path)
    printed = subprocess.run(
        ["ssh-keygen", "-l", "-f", str(tmp_path / KEY_FILE)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()[1]
    assert printed == me.player


def test_a_key_ssh_keygen_made_is_the_same_player_here(tmp_path: Path) -> None:
    if shutil.which("ssh-keygen") is None:
        pytest.skip("needs OpenSSH's ssh-keygen")
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / KEY_FILE)], check=True
    )
    printed = subprocess.run(
        ["ssh-keygen", "-l", "-f", str(tmp_path / KEY_FILE)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()[1]
    assert load_or_create(tmp_path).player == printed


def test_a_name_is_shown_with_a_tag_from_the_id() -> None:
    player = "SHA256:k3Qf+/abcdefghijklmnopqrstuvwxyz0123456789ABCDE"
    assert tag("SHA256:k3/fxyz") == "k3_f"
    assert tagged("Ann", player) == "Ann#k3Qf"
    assert tagged("Ann", None) == "Ann"


def test_an_unreadable_key_file_says_so(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).write_text("not a key")
    with pytest.raises(IdentityError, match="cannot read your key"):
        load_or_create(tmp_path)


def test_a_signed_nonce_proves_the_key(tmp_path: Path) -> None:
    me = load_or_create(tmp_path)
    challenge = Challenge(HOST)
    nonce = challenge.issue()
    assert challenge.answer(me.public, me.sign(HOST, nonce)) == me.player


def test_a_forged_signature_is_refused(tmp_path: Path) -> None:
    victim = load_or_create(tmp_path / "victim")
    forger = load_or_create(tmp_path / "forger")
    challenge = Challenge(HOST)
    nonce = challenge.issue()
    with pytest.raises(IdentityError, match="does not match"):
        challenge.answer(victim.public, forger.sign(HOST, nonce))


def test_a_replayed_signature_is_refused_on_the_same_and_on_another_connection(
    tmp_path: Path,
) -> None:
    me = load_or_create(tmp_path)
    first = Challenge(HOST)
    signature = me.sign(HOST, first.issue())
    assert first.answer(me.public, signature) == me.player
    with pytest.raises(IdentityError, match="answered already"):
        first.answer(me.public, signature)
    second = Challenge(HOST)
    second.issue()
    with pytest.raises(IdentityError, match="does not match"):
        second.answer(me.public, signature)


def test_a_signature_made_for_another_server_is_refused(tmp_path: Path) -> None:
    me = load_or_create(tmp_path)
    # a server the player dialled relays another server's nonce to them
    elsewhere = Challenge("games.example.org")
    nonce = elsewhere.issue()
    with pytest.raises(IdentityError, match="does not match"):
        elsewhere.answer(me.public, me.sign("evil.example.net", nonce))


def test_only_ed25519_public_keys_sign_in() -> None:
    challenge = Challenge(HOST)
    challenge.issue()
    with pytest.raises(IdentityError, match="not an OpenSSH public key"):
        challenge.answer("ssh-ed25519 AAAA!!!", b"x" * 64)


def test_a_key_of_another_kind_is_refused_with_a_reason() -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    other = ec.generate_private_key(ec.SECP256R1()).public_key()
    line = other.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    challenge = Challenge(HOST)
    challenge.issue()
    with pytest.raises(IdentityError, match="only Ed25519"):
        challenge.answer(line.decode(), b"x" * 64)
