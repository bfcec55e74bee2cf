"""This machine's addresses on the local network, for the phones around the
table. Read from the network interfaces themselves (Linux), so nothing is
sent anywhere to find them."""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct

SIOCGIFADDR = 0x8915


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine that other devices on a private
    network can reach: no loopback, no link-local."""
    found = []
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in interfaces:
            try:
                packed = fcntl.ioctl(
                    probe.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode())
                )
            except OSError:  # no IPv4 address on this interface
                continue
            address = ipaddress.ip_address(socket.inet_ntoa(packed[20:24]))
            if address.is_private and not (address.is_loopback or address.is_link_local):
                found.append(str(address))
    return found


def is_loopback(host: str) -> bool:
    """Whether a Host header names this machine only to itself."""
    if host.startswith("["):  # [::1]:8000
        name = host[1 : host.find("]")]
    else:
        name = host.rsplit(":", 1)[0]
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
