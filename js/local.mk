# js — see js/README.md
