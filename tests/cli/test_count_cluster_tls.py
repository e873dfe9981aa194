"""``count --cluster tls://...`` against a real Dask scheduler that talks TLS only (a throwaway
authority and certificates made with ``cryptography``): right with the authority and the
client's certificate; one line and status 2 without them, with another authority or a missing
file."""

from __future__ import annotations

import datetime
import ipaddress
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.clirun import assert_usage_error
from tests.cli.inproc import call, call_result

pytestmark = [
    pytest.mark.integration,  # a Dask cluster
    pytest.mark.needs("distributed", "count --cluster needs the cluster extra (Dask)"),
    pytest.mark.needs("cryptography", "the test's certificates are made with cryptography"),
]


def _key() -> Any:
    from cryptography.hazmat.primitives.asymmetric import ec

    return ec.generate_private_key(ec.SECP256R1())


def _write(path: Path, key: Any, cert: Any) -> tuple[str, str]:
    from cryptography.hazmat.primitives import serialization

    cert_file, key_file = path.with_suffix(".crt"), path.with_suffix(".key")
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return str(cert_file), str(key_file)


def _certificate(folder: Path, name: str, issuer: tuple[Any, Any] | None = None) -> Any:
    """A self-signed authority (``issuer`` None: its key, certificate and file), or a
    certificate for 127.0.0.1 and localhost signed by ``issuer`` (its files)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import NameOID

    key = _key()
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer[1].subject if issuer else subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
    )
    if issuer is None:
        constraints = x509.BasicConstraints(ca=True, path_length=None)
        authority = cert.add_extension(constraints, critical=True).sign(key, hashes.SHA256())
        return key, authority, _write(folder / name, key, authority)[0]
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    cert = cert.add_extension(x509.SubjectAlternativeName(names), critical=False)
    return _write(folder / name, key, cert.sign(issuer[0], hashes.SHA256()))


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("pki")
    ca_key, ca_cert, ca_file = _certificate(folder, "lab-ca")
    _, _, other_ca = _certificate(folder, "other-ca")
    files = {"ca": ca_file, "other_ca": other_ca}
    for who in ("scheduler", "worker", "client"):
        files[f"{who}_cert"], files[f"{who}_key"] = _certificate(folder, who, (ca_key, ca_cert))
    return files


@pytest.fixture(scope="module")
def tls_address(pki: dict[str, str]) -> Iterator[str]:
    from distributed import LocalCluster
    from distributed.security import Security

    files = {f"tls_{key}": value for key, value in pki.items() if key.endswith(("cert", "key"))}
    security = Security(tls_ca_file=pki["ca"], require_encryption=True, **files)  # type: ignore[no-untyped-call]
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        host="127.0.0.1",
        protocol="tls",
        security=security,
        dashboard_address=None,
        silence_logs=50,
    ) as local:
        address = local.scheduler_address
        assert address.startswith("tls://127.0.0.1:")
        yield address


def test_a_count_over_tls_with_the_clusters_certificates(
    capsys: pytest.CaptureFixture[str], pki: dict[str, str], tls_address: str
) -> None:
    tls = ("--tls-ca-file", pki["ca"], "--tls-cert", pki["client_cert"])
    argv = ("count", "10", "--engine", "python", "--cluster", tls_address, *tls)
    status, out, err = call(capsys, *argv, "--tls-key", pki["client_key"])
    assert (status, out) == (0, "n=10: 724 solutions (matches OEIS A000170)\n"), err


def client(pki: dict[str, str]) -> tuple[str, ...]:
    return ("--tls-cert", pki["client_cert"], "--tls-key", pki["client_key"])


def test_without_the_authority_the_clients_certificate_or_a_file_it_is_refused_first(
    capsys: pytest.CaptureFixture[str], pki: dict[str, str], tmp_path: Path, tls_address: str
) -> None:
    """Each is said before connecting."""
    result = call_result(capsys, "count", "8", "--cluster", tls_address)
    assert_usage_error(result, "--tls-ca-file")
    # Dask's TLS sends a client certificate always: it makes no TLS context without one.
    argv = ("count", "8", "--cluster", tls_address, "--tls-ca-file", pki["ca"])
    assert_usage_error(call_result(capsys, *argv), "certificate for this client", "--tls-cert")
    missing = str(tmp_path / "nowhere.crt")
    argv = ("count", "8", "--cluster", tls_address, "--tls-ca-file", missing)
    result = call_result(capsys, *argv, *client(pki))
    assert_usage_error(result, "--tls-ca-file", "no such file")


def test_another_authority_fails_the_tls_connection(
    capsys: pytest.CaptureFixture[str], pki: dict[str, str], tls_address: str
) -> None:
    started = time.monotonic()
    argv = ("count", "8", "--cluster", tls_address, "--tls-ca-file", pki["other_ca"])
    result = call_result(capsys, *argv, *client(pki))
    assert time.monotonic() - started < 15
    assert_usage_error(result, f"the TLS connection to {tls_address} failed")
