"""The certificate `gadget serve --tls` serves with: phones allow the camera and the screen
wake lock only on a secure origin, and HTTPS keeps a side's colours off the Wi-Fi's air."""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from gadget.engine import GadgetError
from gadget.services.uploads import MAX_UPLOAD

NAME: Final = "gadget.local"  # the name in the certificate, beside the addresses
DAYS: Final = 397  # what browsers accept for a server certificate
RENEW_BEFORE: Final = dt.timedelta(days=30)


class CertificateError(GadgetError):
    """A certificate or key file that cannot be served with."""


@dataclass(frozen=True, slots=True)
class Certificate:
    """A certificate and its private key, as files uvicorn reads; `made` when new this run
    (the phones must accept it once more)."""

    certfile: Path
    keyfile: Path
    made: bool
    fingerprint: str  # SHA-256, for a player to compare with what the phone shows


def self_signed(folder: Path, addresses: list[str], now: dt.datetime) -> Certificate:
    """The certificate kept in `folder`, made on first run; made again when it does not name
    one of `addresses` (the computer moved to another network) or expires within 30 days."""
    certfile, keyfile = folder / "gadget-cert.pem", folder / "gadget-key.pem"
    wanted = {ipaddress.ip_address(a) for a in addresses}
    if certfile.exists() and keyfile.exists():
        try:
            kept = x509.load_pem_x509_certificate(certfile.read_bytes())
            names = kept.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
            covered = set(names.get_values_for_type(x509.IPAddress))
            if wanted <= covered and kept.not_valid_after_utc - now > RENEW_BEFORE:
                return Certificate(certfile, keyfile, False, _fingerprint(kept))
        except (ValueError, x509.ExtensionNotFound):
            pass  # damaged or foreign: a new one replaces it
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, NAME)])
    alternatives: list[x509.GeneralName] = [x509.DNSName(NAME), x509.DNSName("localhost")]
    alternatives += [x509.IPAddress(a) for a in sorted(wanted, key=str)]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=DAYS))
        .add_extension(x509.SubjectAlternativeName(alternatives), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .sign(key, hashes.SHA256())
    )
    try:  # a data folder this user cannot write in, or a full disk: one line, no server
        folder.mkdir(parents=True, exist_ok=True)
        _write_private(
            keyfile,
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            ),
        )
        certfile.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    except OSError as failed:
        raise CertificateError(
            "{path}: {strerror}", path=failed.filename or folder, strerror=failed.strerror
        ) from None
    return Certificate(certfile, keyfile, True, _fingerprint(certificate))


def given(certfile: Path, keyfile: Path) -> Certificate:
    """A certificate and key the server's owner brings (one a real authority signed), checked
    before the server starts, so a wrong path is one clear line and not a traceback."""
    for path in (certfile, keyfile):
        if not path.is_file():
            raise CertificateError("{path}: no such file", path=path)
    certificate_pem, key_pem = _pem(certfile), _pem(keyfile)
    try:
        certificate = x509.load_pem_x509_certificate(certificate_pem)
        serialization.load_pem_private_key(key_pem, password=None)
    except (ValueError, TypeError) as wrong:
        raise CertificateError(
            "{certfile} and {keyfile}: not a PEM certificate and key",
            certfile=certfile,
            keyfile=keyfile,
        ) from wrong
    return Certificate(certfile, keyfile, False, _fingerprint(certificate))


def _pem(path: Path) -> bytes:
    """A PEM file's bytes, read no further than MAX_UPLOAD and one byte (a certificate and
    its chain are a few KiB), or one line saying why it cannot be read."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_UPLOAD + 1)
    except OSError as failed:
        raise CertificateError("{path}: {strerror}", path=path, strerror=failed.strerror) from None
    if len(data) > MAX_UPLOAD:
        raise CertificateError(
            "{path}: more than {most} KiB; at most {most} KiB (1 MiB) are read",
            path=path,
            most=MAX_UPLOAD // 1024,
        )
    return data


def _fingerprint(certificate: x509.Certificate) -> str:
    return certificate.fingerprint(hashes.SHA256()).hex(":").upper()


def _write_private(path: Path, data: bytes) -> None:
    """Written readable by its owner only, from the moment it exists."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
