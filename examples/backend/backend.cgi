#!/usr/bin/env python3
"""examples/backend/backend.cgi — app.py as a CGI program (shared hosting):
one request per process; the URL after the script name (PATH_INFO) is what
the backend sees, so RSC_BACKEND=https://host/cgi-bin/backend.cgi works for
host calls (…/backend.cgi/__rsc/host-call) and forwarded URLs alike."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from app import make_host  # noqa: E402
from rsc_host import run_cgi  # noqa: E402

run_cgi(make_host())
