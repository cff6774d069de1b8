#!/bin/sh
# Reads and prints nothing: WA, missing answer.
cat > /dev/null
