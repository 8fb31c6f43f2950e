"""A generated OneRoster 1.1 bulk file for a district: 3 schools, 40 classes, 1,000 pupils,
with one teacher per class. `District.zip()` is the file; `change()` makes next term's
(a renamed class, leavers, new pupils), so a re-import can be checked row by row."""

from __future__ import annotations

import csv
import io
import random
import zipfile
from dataclasses import dataclass, field

GIVEN = [
    "Emma",
    "Noah",
    "Sofia",
    "Liam",
    "Mila",
    "Lucas",
    "Anna",
    "Finn",
    "Julia",
    "Sem",
    "Tess",
    "Daan",
    "Eva",
    "Levi",
    "Sara",
    "Jens",
    "Ida",
    "Aino",
    "Eetu",
    "Jakub",
]
FAMILY = [
    "Jansen",
    "de Vries",
    "Nielsen",
    "Müller",
    "Korhonen",
    "Novák",
    "Bakker",
    "Visser",
    "Hansen",
    "Schmidt",
    "Virtanen",
    "Svoboda",
]


@dataclass
class District:
    seed: int = 25
    schools: list[tuple[str, str]] = field(default_factory=list)  # (sourcedId, name)
    classes: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (title, school)
    pupils: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # id -> given, family, class
    teachers: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # id -> given, email, class

    def __post_init__(self):
        rng = random.Random(self.seed)
        self.rng = rng
        self.schools = [(f"org-{i}", f"School {i}") for i in (1, 2, 3)]
        for n in range(40):
            school = self.schools[n % 3][0]
            self.classes[f"class-{n}"] = (f"Group {n // 3 + 1}{'ABC'[n % 3]}", school)
            self.teachers[f"t-{n}"] = (rng.choice(GIVEN), f"t{n}@district.example", f"class-{n}")
        for n in range(1000):
            self.pupils[f"p-{n}"] = (rng.choice(GIVEN), rng.choice(FAMILY), f"class-{n % 40}")
        self._next = 1000

    def change(self):
        """Next term: class-0 renamed, ten leavers, twelve new pupils."""
        self.classes["class-0"] = ("Group 1A Dolphins", self.classes["class-0"][1])
        for n in range(0, 100, 10):
            del self.pupils[f"p-{n}"]
        for _ in range(12):
            self.pupils[f"p-{self._next}"] = (
                self.rng.choice(GIVEN),
                self.rng.choice(FAMILY),
                f"class-{self._next % 40}",
            )
            self._next += 1

    def school_of(self, class_id):
        return self.classes[class_id][1]

    def texts(self) -> dict[str, str]:
        def table(header, rows):
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\r\n")
            writer.writerow(header)
            writer.writerows(rows)
            return out.getvalue()

        users = [
            [
                sid,
                "",
                "",
                "true",
                ",".join(s for s, _ in self.schools if s == self.school_of(c)),
                "student",
                f"u{sid}",
                "",
                g,
                f,
                "",
                "",
                "",
                "",
                "",
                "",
                "",
            ]
            for sid, (g, f, c) in self.pupils.items()
        ]
        users += [
            [sid, "", "", "true", self.school_of(c), "teacher", sid, "", g, "Teacher", "", "", email, "", "", "", ""]
            for sid, (g, email, c) in self.teachers.items()
        ]
        enrol = [
            [f"e-{sid}", "", "", c, self.school_of(c), sid, "student", "false", "", ""]
            for sid, (_g, _f, c) in self.pupils.items()
        ]
        enrol += [
            [f"e-{sid}", "", "", c, self.school_of(c), sid, "teacher", "true", "", ""]
            for sid, (_g, _e, c) in self.teachers.items()
        ]
        return {
            "manifest.csv": table(
                ["propertyName", "value"],
                [
                    ["manifest.version", "1.0"],
                    ["oneroster.version", "1.1"],
                    ["file.orgs", "bulk"],
                    ["file.users", "bulk"],
                    ["file.classes", "bulk"],
                    ["file.enrollments", "bulk"],
                    ["file.courses", "absent"],
                    ["file.academicSessions", "absent"],
                ],
            ),
            "orgs.csv": table(
                ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
                [["district", "", "", "District", "district", "", ""]]
                + [[s, "", "", name, "school", "", "district"] for s, name in self.schools],
            ),
            "users.csv": table(
                [
                    "sourcedId",
                    "status",
                    "dateLastModified",
                    "enabledUser",
                    "orgSourcedIds",
                    "role",
                    "username",
                    "userIds",
                    "givenName",
                    "familyName",
                    "middleName",
                    "identifier",
                    "email",
                    "sms",
                    "phone",
                    "agentSourcedIds",
                    "grades",
                ],
                users,
            ),
            "classes.csv": table(
                [
                    "sourcedId",
                    "status",
                    "dateLastModified",
                    "title",
                    "grades",
                    "courseSourcedId",
                    "classCode",
                    "classType",
                    "location",
                    "schoolSourcedId",
                    "termSourcedIds",
                    "subjects",
                ],
                [[sid, "", "", t, "", "", "", "homeroom", "", s, "", ""] for sid, (t, s) in self.classes.items()],
            ),
            "enrollments.csv": table(
                [
                    "sourcedId",
                    "status",
                    "dateLastModified",
                    "classSourcedId",
                    "schoolSourcedId",
                    "userSourcedId",
                    "role",
                    "primary",
                    "beginDate",
                    "endDate",
                ],
                enrol,
            ),
        }

    def zip(self) -> bytes:
        return zip_of(self.texts())


def zip_of(texts: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in texts.items():
            archive.writestr(name, text.encode("utf-8"))
    return buffer.getvalue()
