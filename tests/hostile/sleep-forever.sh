#!/bin/sh
# Blocks without using CPU: TLE by the wall-clock guard.
exec sleep 3174
