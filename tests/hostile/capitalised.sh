#!/bin/sh
# Prints True instead of true: PE.
"$SOLUTION" | sed "s/true/True/"
