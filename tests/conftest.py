"""Session-wide rule: no test is ever skipped. A skipped test proves nothing, so a session in which
any test was skipped fails, whatever else passed (a missing browser or data file is a failure to
fix, not a reason to skip)."""

_skipped = []


def pytest_runtest_logreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if _skipped and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter):
    if _skipped:
        terminalreporter.write_line(
            f"FAILED: {len(_skipped)} test(s) were skipped; every test must run "
            "(a browser not found? set CHROMIUM=/path/to/chromium): " + ", ".join(_skipped),
            red=True,
        )
