"""What `make run` prints before it serves: where the phones at the table
open vinescore (with a QR code for the first of those addresses), and,
while nobody has set vinescore up, the one-time setup code another device
needs for the first visit."""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from vinescore.accounts import setup_code


class Command(BaseCommand):
    help = "Print the address phones open, a QR code for it, and the setup code if needed."

    def add_arguments(self, parser):
        parser.add_argument("--port", default="8000")
        parser.add_argument("--listen", default="0.0.0.0", help="the address served on")

    def handle(self, *args, port: str, listen: str, **options):
        self.stdout.write(f"vinescore: open http://127.0.0.1:{port}/ on this machine.")
        local_only = listen != "0.0.0.0"
        if local_only:
            self.stdout.write(
                "Served to this machine only (LOCAL_ONLY): no other phone can open it."
            )
        if settings.SITE_URL:
            addresses = [settings.SITE_URL + "/"]
        elif local_only:
            addresses = []
        else:
            addresses = [f"http://{address}:{port}/" for address in settings.LAN_ADDRESSES]
            if not addresses:
                self.stdout.write(
                    "No local network address found: other phones cannot reach this machine "
                    "(is it on Wi-Fi?)."
                )
        for address in addresses:
            self.stdout.write(f"Phones at the table: {address}")
        if addresses:
            drawn = io.StringIO()
            segno.make(addresses[0], error="m").terminal(out=drawn, compact=True)
            self.stdout.write(drawn.getvalue(), ending="")
        if local_only or get_user_model().objects.exists():
            setup_code.forget()  # set up already, or nobody else can reach it
            return
        code = setup_code.new()
        self.stdout.write(
            f"Setting vinescore up from another phone? It asks for this one-time code: {code}"
        )
