"""A teacher's classes and their pupils: classes, join codes and retention (views, templates
classes/), the roster, login cards and CSV import (roster, templates roster/), name rules and
QR codes; `class_page` reads what the class page's partials show."""
