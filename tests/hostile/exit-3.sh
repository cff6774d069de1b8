#!/bin/sh
# Exits with code 3: RE, code 3.
exit 3
