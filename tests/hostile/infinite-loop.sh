#!/bin/sh
# Burns CPU forever: TLE by CPU time.
while :; do :; done
