#!/usr/bin/env bash
# Renders the application icon's PNG sizes from the SVG (needs rsvg-convert, librsvg2-bin). The PNGs
# are committed so that packagers do not need librsvg; run this again after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 22 24 32 48 64 128 256; do
  mkdir -p "${size}x${size}"
  rsvg-convert -w "$size" -h "$size" org.ptriage.ptriage.svg -o "${size}x${size}/org.ptriage.ptriage.png"
done
