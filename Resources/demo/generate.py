#!/usr/bin/env python3
"""Writes the demo indices (products.json, categories.json) for instantsearch.

Deterministic: the same seed gives the same files, so tests may rely on them.
Run: python3 Resources/demo/generate.py
"""
import json
import os
import random

random.seed(20261123)
HERE = os.path.dirname(os.path.abspath(__file__))

# category -> (department, description, [(brand, [model stems]), ...], [kinds], price range)
CATALOG = {
    "Laptops": ("Computers", "Portable computers for work, study and play.",
                [("Apple", ["MacBook Air", "MacBook Pro"]), ("Lenovo", ["ThinkPad X1", "IdeaPad Slim", "Yoga"]),
                 ("Dell", ["XPS", "Inspiron", "Latitude"]), ("ASUS", ["ZenBook", "ROG Zephyrus", "VivoBook"]),
                 ("HP", ["Spectre x360", "EliteBook", "Pavilion"])],
                ["13-inch laptop", "14-inch laptop", "15-inch laptop", "16-inch laptop"], (499, 3499)),
    "Monitors": ("Computers", "Screens for the desk: office, design and gaming.",
                 [("Dell", ["UltraSharp", "S-series"]), ("LG", ["UltraFine", "UltraGear"]), ("Samsung", ["Odyssey", "ViewFinity"]),
                  ("ASUS", ["ProArt", "TUF Gaming"])],
                 ["24-inch monitor", "27-inch 4K monitor", "32-inch monitor", "34-inch ultrawide monitor"], (129, 1599)),
    "Keyboards": ("Computers", "Mechanical and low-profile keyboards.",
                  [("Logitech", ["MX Keys", "G915", "K380"]), ("Keychron", ["K2", "Q1", "K8 Pro"]), ("Razer", ["BlackWidow", "Huntsman"])],
                  ["wireless keyboard", "mechanical keyboard", "compact keyboard"], (29, 249)),
    "Mice": ("Computers", "Mice and trackballs for every hand.",
             [("Logitech", ["MX Master", "G Pro", "Pebble"]), ("Razer", ["DeathAdder", "Basilisk"]), ("Microsoft", ["Arc", "Surface"])],
             ["wireless mouse", "gaming mouse", "ergonomic mouse"], (19, 159)),
    "Headphones": ("Audio", "Over-ear, on-ear and in-ear listening.",
                   [("Sony", ["WH-1000XM5", "WF-1000XM4", "ULT Wear"]), ("Bose", ["QuietComfort", "SoundLink"]),
                    ("Sennheiser", ["Momentum", "HD 600"]), ("Apple", ["AirPods Pro", "AirPods Max"])],
                   ["noise-cancelling headphones", "wireless earbuds", "studio headphones"], (49, 549)),
    "Speakers": ("Audio", "Bluetooth, smart and bookshelf speakers.",
                 [("Sonos", ["Era", "Roam", "Five"]), ("JBL", ["Flip", "Charge", "Boombox"]), ("Bose", ["SoundLink Flex", "Home Speaker"])],
                 ["bluetooth speaker", "smart speaker", "bookshelf speaker"], (59, 799)),
    "Televisions": ("Home Cinema", "Smart TVs from 43 to 85 inches.",
                    [("Sony", ["Bravia"]), ("Samsung", ["Neo QLED", "The Frame", "Crystal UHD"]), ("LG", ["OLED evo", "NanoCell"]),
                     ("TCL", ["QM8", "Q-Class"])],
                    ["43\" 4K TV", "55\" 4K TV", "65\" OLED TV", "75\" QLED TV"], (299, 3999)),
    "Cameras": ("Photo", "Mirrorless bodies, compacts and action cameras.",
                [("Canon", ["EOS R6", "EOS R50", "PowerShot"]), ("Nikon", ["Z6", "Z fc", "Coolpix"]), ("Fujifilm", ["X-T5", "X100VI"]),
                 ("GoPro", ["HERO12"]), ("Sony", ["Alpha 7", "ZV-E10"])],
                ["mirrorless camera", "compact camera", "action camera"], (249, 3299)),
    "Coffee Makers": ("Kitchen", "Espresso machines, drip brewers and grinders.",
                      [("De'Longhi", ["Dedica", "Magnifica", "La Specialista"]), ("Nespresso", ["Vertuo", "Essenza"]),
                       ("Krups", ["Evidence", "Essential"]), ("Moccamaster", ["KBGV"]), ("Hario", ["V60 コーヒードリッパー", "Skerton"])],
                      ["espresso machine", "drip coffee maker", "coffee grinder"], (25, 1299)),
    "Blenders": ("Kitchen", "Blenders, juicers and food processors.",
                 [("Vitamix", ["E310", "A3500"]), ("Ninja", ["Professional", "Foodi"]), ("KitchenAid", ["K400"]), ("Moulinex", ["Perfectmix"])],
                 ["countertop blender", "personal blender", "food processor"], (39, 649)),
    "Cookware": ("Kitchen", "Pans, pots and Dutch ovens.",
                 [("Le Creuset", ["Signature", "Toughened"]), ("Tefal", ["Ingenio", "Jamie Oliver"]), ("Lodge", ["Cast Iron"]),
                  ("Staub", ["Cocotte"])],
                 ["frying pan", "Dutch oven", "saucepan set", "wok"], (19, 449)),
    "Vacuum Cleaners": ("Home", "Cordless, robot and upright vacuums.",
                        [("Dyson", ["V15 Detect", "V8", "Gen5"]), ("iRobot", ["Roomba j7", "Roomba Combo"]), ("Shark", ["Stratos", "Navigator"]),
                         ("Miele", ["Complete C3", "Triflex"])],
                        ["cordless vacuum", "robot vacuum", "upright vacuum"], (149, 999)),
    "Smart Home": ("Home", "Thermostats, lights and cameras that talk to each other.",
                   [("Google", ["Nest Thermostat", "Nest Cam"]), ("Philips Hue", ["White Ambiance", "Play"]), ("Ring", ["Video Doorbell"]),
                    ("Eve", ["Energy", "Motion"])],
                   ["smart thermostat", "smart bulb", "security camera", "video doorbell"], (19, 329)),
    "Phones": ("Mobile", "Smartphones, unlocked.",
               [("Apple", ["iPhone 15", "iPhone 15 Pro"]), ("Samsung", ["Galaxy S24", "Galaxy A55", "Galaxy Z Flip"]),
                ("Google", ["Pixel 8", "Pixel 8a"]), ("Fairphone", ["5"])],
               ["smartphone"], (299, 1499)),
    "Tablets": ("Mobile", "Tablets and e-readers.",
                [("Apple", ["iPad Air", "iPad mini", "iPad Pro"]), ("Samsung", ["Galaxy Tab S9"]), ("Amazon", ["Kindle Paperwhite", "Fire HD"]),
                 ("Kobo", ["Libra", "Clara"])],
                ["tablet", "e-reader"], (99, 1299)),
    "Watches": ("Mobile", "Smartwatches and fitness trackers.",
                [("Apple", ["Watch Series 9", "Watch Ultra"]), ("Garmin", ["Forerunner", "Fēnix", "Venu"]), ("Fitbit", ["Charge", "Sense"]),
                 ("Withings", ["ScanWatch"])],
                ["smartwatch", "fitness tracker", "GPS running watch"], (79, 899)),
    "Games": ("Gaming", "Consoles and controllers.",
              [("Nintendo", ["Switch OLED", "Switch Lite", "Pro Controller"]), ("Sony", ["PlayStation 5", "DualSense"]),
               ("Microsoft", ["Xbox Series X", "Xbox Series S", "Elite Controller"])],
              ["game console", "wireless controller"], (59, 549)),
}
COLOURS = ["Black", "White", "Silver", "Graphite", "Blue", "Red", "Green", "Sand", "Midnight", "Rose"]
ADJECTIVES = ["lightweight", "quiet", "fast", "compact", "durable", "energy-efficient", "premium", "versatile"]


def nice_price(low, high):
    value = random.uniform(low, high)
    return round(value) - 0.01 if value > 100 else round(value, 0) - 0.01


def products():
    records = []
    for category, (department, _, brands, kinds, (low, high)) in CATALOG.items():
        per_category = 19 if category not in ("Laptops", "Headphones", "Televisions") else 24
        for _ in range(per_category):
            brand, models = random.choice(brands)
            model = random.choice(models)
            kind = random.choice(kinds)
            colour = random.choice(COLOURS)
            name = f"{brand} {model} {kind}"
            if random.random() < 0.35:
                name += f", {colour}"
            adjectives = random.sample(ADJECTIVES, 2)
            records.append({
                "name": name,
                "brand": brand,
                "category": category,
                "department": department,
                "description": f"A {adjectives[0]}, {adjectives[1]} {kind} from {brand}. "
                               f"The {model} comes in {colour.lower()} and ships with a two-year warranty.",
                "price": nice_price(low, high),
                "rating": round(random.uniform(2.8, 5.0), 1),
                "reviews": int(random.paretovariate(1.2) * 20),
                "colour": colour,
                "inStock": random.random() < 0.85,
            })
    random.shuffle(records)
    for position, record in enumerate(records, start=1):
        record = {"objectID": f"p{position:04d}", **record}
        records[position - 1] = record
    return records


def categories(products):
    counts = {}
    for product in products:
        counts[product["category"]] = counts.get(product["category"], 0) + 1
    return [
        {"objectID": f"c{position:02d}", "name": name, "department": department, "description": description,
         "brands": sorted({brand for brand, _ in brands}), "products": counts[name]}
        for position, (name, (department, description, brands, _, _)) in enumerate(CATALOG.items(), start=1)
    ]


def main():
    items = products()
    with open(os.path.join(HERE, "products.json"), "w", encoding="utf-8") as out:
        json.dump(items, out, ensure_ascii=False, indent=1)
        out.write("\n")
    with open(os.path.join(HERE, "categories.json"), "w", encoding="utf-8") as out:
        json.dump(categories(items), out, ensure_ascii=False, indent=1)
        out.write("\n")
    print(f"{len(items)} products, {len(CATALOG)} categories")


if __name__ == "__main__":
    main()
