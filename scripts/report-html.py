#!/usr/bin/python3
"""report-html.py REPORT.md REPORT.html: the report as one self-contained
HTML page (inline style, no external resources). Uses Debian's
python3-markdown, hence /usr/bin/python3."""
import base64
import html
import os
import re
import sys

import markdown

STYLE = """
body { font-family: sans-serif; margin: 2em; max-width: 90em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #eee; position: sticky; top: 0; }
tr:nth-child(even) td { background: #fafafa; }
code, pre { background: #f4f4f4; font-size: 0.85em; }
pre { padding: 0.6em; overflow-x: auto; }
td:has(strong) { background: #fff3cd; }
"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report-html.py REPORT.md REPORT.html")
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    body = markdown.markdown(text, extensions=["tables", "fenced_code", "md_in_html"])
    # Local images (the bench plot) go inline, so the page stands alone.
    here = os.path.dirname(os.path.abspath(sys.argv[1]))

    def inline(m):
        path = os.path.join(here, html.unescape(m.group(2)))
        if not os.path.isfile(path):
            return m.group(0)
        with open(path, "rb") as img:
            data = base64.b64encode(img.read()).decode()
        kind = "svg+xml" if path.endswith(".svg") else "png"
        return f'{m.group(1)}data:image/{kind};base64,{data}{m.group(3)}'

    body = re.sub(r'(<img [^>]*src=")(?!data:|https?:)([^"]+)(")', inline, body)
    title = html.escape(text.splitlines()[0].lstrip("# ")) if text else "report"
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                f"<title>{title}</title><style>{STYLE}</style></head>\n"
                f"<body>\n{body}\n</body></html>\n")


if __name__ == "__main__":
    main()
