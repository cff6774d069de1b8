#!/bin/sh
# Writes 100 MiB to stderr, then answers correctly: AC (stderr is drained, never a deadlock).
head -c 104857600 /dev/zero >&2
exec "$SOLUTION"
