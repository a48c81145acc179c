// Invented records for the offline catalog: landscapes, places, food, plants, things, sky.
// Fields: id, width, height, views, downloads, likes, user, tags.
extension OfflineCatalog {
    static let scenePhotos: [CatalogPhoto] = [
        CatalogPhoto(
            356099, 5184, 3456, 2333, 1483, 25, "milophoto",
            "mountain lake, lake, mountain, landscape, forest"),
        CatalogPhoto(
            7_672_472, 6000, 4000, 5893, 2966, 67, "Jonas41",
            "mountain lake, lake, mountain, landscape, reflection, alps"),
        CatalogPhoto(
            6_133_773, 3000, 4000, 6483, 3223, 148, "RaviNovak",
            "mountain lake, lake, mountain, landscape, reflection, forest"),
        CatalogPhoto(
            3_692_942, 4608, 3072, 5591, 3381, 158, "OrtizAmara",
            "mountain lake, lake, mountain, landscape, nature"),
        CatalogPhoto(
            1_545_038, 4608, 3072, 89612, 50230, 1464, "Kai88",
            "mountain lake, lake, mountain, landscape, summer"),
        CatalogPhoto(
            8_627_256, 2560, 1707, 9698, 5808, 212, "Lena49",
            "mountain, landscape, peak, summit, snow, rock"),
        CatalogPhoto(
            8_231_696, 4000, 3000, 22737, 15351, 503, "GretaMoreau",
            "mountain, landscape, peak, panorama"),
        CatalogPhoto(
            8_111_133, 5472, 3648, 12353, 5382, 241, "Mia_Holt",
            "mountain, landscape, peak, summit, rock"),
        CatalogPhoto(
            4_412_461, 6016, 4016, 4331, 1913, 34, "milophoto",
            "mountain, landscape, peak, snow"),
        CatalogPhoto(
            5_354_796, 3840, 2160, 9198, 4002, 66, "Mia_Novak",
            "mountain, landscape, peak, snow, panorama, summit"),
        CatalogPhoto(
            8_198_216, 5760, 3840, 31714, 13901, 517, "GretaBrandt",
            "mountain, landscape, peak, rock, alps"),
        CatalogPhoto(
            7_887_264, 4608, 3072, 10670, 5802, 350, "RossiRavi",
            "mountain, landscape, peak, alps, summit"),
        CatalogPhoto(
            1_405_768, 3000, 4000, 13352, 7432, 335, "RossiAnna",
            "lake, water, landscape, pier"),
        CatalogPhoto(
            1_913_694, 5184, 3456, 3368, 1353, 82, "SatoMaren",
            "lake, water, landscape, calm, mist"),
        CatalogPhoto(
            1_706_945, 2560, 1707, 7067, 4429, 202, "EmilWeber",
            "lake, water, landscape, pier, calm"),
        CatalogPhoto(
            1_676_703, 3840, 2160, 12611, 6871, 367, "EmilWeber",
            "lake, water, landscape, calm, mist, forest"),
        CatalogPhoto(
            2_707_440, 3840, 2160, 16741, 6355, 207, "Kai42",
            "lake, water, landscape, mist, pier, sunset"),
        CatalogPhoto(
            6_512_095, 4608, 3072, 2866, 1440, 39, "MoreauElena",
            "forest, trees, nature, sunlight"),
        CatalogPhoto(
            7_759_994, 5472, 3648, 13407, 6060, 122, "Mia_Holt",
            "forest, trees, nature, pine, fog"),
        CatalogPhoto(
            4_237_232, 3000, 4000, 31689, 16903, 271, "Bruno9",
            "forest, trees, nature, moss, sunlight, fog"),
        CatalogPhoto(
            6_642_058, 3840, 2160, 79123, 43938, 1024, "noraphoto",
            "forest, trees, nature, fog"),
        CatalogPhoto(
            6_029_391, 4608, 3072, 7983, 4075, 235, "RaviNovak",
            "forest, trees, nature, fog, moss"),
        CatalogPhoto(
            607131, 4608, 3072, 12380, 5810, 197, "GretaBrandt",
            "forest, trees, nature, green, autumn"),
        CatalogPhoto(
            1_389_738, 3000, 4000, 12198, 8353, 439, "Jonas41",
            "river, water, landscape, valley, bridge"),
        CatalogPhoto(
            1_812_410, 6000, 4000, 4617, 2916, 100, "henrikphoto",
            "river, water, landscape, forest, stream"),
        CatalogPhoto(
            3_802_730, 2560, 1707, 6263, 4098, 85, "MoreauElena",
            "river, water, landscape, bridge"),
        CatalogPhoto(
            7_407_572, 3840, 2160, 11210, 5209, 114, "Bruno9",
            "river, water, landscape, forest, bridge, valley"),
        CatalogPhoto(
            1_308_555, 5472, 3648, 12109, 7194, 284, "Bruno_Berg",
            "waterfall, water, nature, long exposure, rocks, cascade"),
        CatalogPhoto(
            4_947_301, 4000, 3000, 51562, 32129, 1789, "Leon_Ortiz",
            "waterfall, water, nature, forest, long exposure, rocks"),
        CatalogPhoto(
            859160, 4000, 3000, 54657, 21524, 1016, "Mia_Novak",
            "waterfall, water, nature, stream, forest"),
        CatalogPhoto(
            2_436_510, 3000, 4000, 2944, 1345, 69, "EmilWeber",
            "waterfall, water, nature, long exposure"),
        CatalogPhoto(
            7_264_876, 6000, 4000, 14093, 5839, 315, "RaviNovak",
            "beach, sea, sand, waves, ocean"),
        CatalogPhoto(
            7_061_793, 5184, 3456, 14080, 5199, 199, "Maren_Moreau",
            "beach, sea, sand, waves"),
        CatalogPhoto(
            2_631_178, 3000, 4000, 2447, 1296, 84, "MoreauElena",
            "beach, sea, sand, ocean"),
        CatalogPhoto(
            3_355_729, 6016, 4016, 2407, 1017, 36, "RossiRavi",
            "beach, sea, sand, holiday, waves"),
        CatalogPhoto(
            7_143_579, 4608, 3072, 48515, 33432, 1549, "VargaSofia",
            "beach, sea, sand, coast, palm trees, summer"),
        CatalogPhoto(
            1_067_666, 3840, 2160, 32862, 14480, 392, "Greta63",
            "beach, sea, sand, holiday, sunset"),
        CatalogPhoto(
            5_917_735, 5184, 3456, 20257, 12852, 702, "SatoMaren",
            "ocean, sea, waves, coast, horizon, blue"),
        CatalogPhoto(
            2_481_306, 4608, 3072, 8349, 5372, 292, "QuinnEmil",
            "ocean, sea, waves, storm"),
        CatalogPhoto(
            2_830_672, 5184, 3456, 50139, 32677, 432, "Jonas41",
            "ocean, sea, waves, water, blue, cliffs"),
        CatalogPhoto(
            5_904_986, 5760, 3840, 39118, 25830, 445, "amaraphoto",
            "ocean, sea, waves, horizon, storm, blue"),
        CatalogPhoto(
            6_981_710, 4000, 6000, 41465, 15938, 738, "RossiRavi",
            "desert, sand dunes, landscape, camel"),
        CatalogPhoto(
            3_394_742, 5184, 3456, 14112, 6078, 247, "RossiAnna",
            "desert, sand dunes, landscape, hot"),
        CatalogPhoto(
            3_711_811, 4000, 6000, 8121, 4599, 60, "lottaphoto",
            "desert, sand dunes, landscape, dry, camel"),
        CatalogPhoto(
            4_177_502, 4608, 3072, 13979, 4928, 245, "Maren_Moreau",
            "sunset, sky, evening, orange"),
        CatalogPhoto(
            2_006_094, 4000, 3000, 10449, 6711, 295, "yukiphoto",
            "sunset, sky, evening, silhouette, lake"),
        CatalogPhoto(
            4_085_609, 5760, 3840, 8855, 3762, 207, "VargaSofia",
            "sunset, sky, evening, sea"),
        CatalogPhoto(
            2_638_973, 2560, 1707, 2774, 1685, 46, "VargaSofia",
            "sunset, sky, evening, sun, orange, silhouette"),
        CatalogPhoto(
            8_982_737, 2560, 1707, 21945, 11106, 301, "Maren_Moreau",
            "sunset, sky, evening, horizon"),
        CatalogPhoto(
            3_358_289, 2560, 1707, 71127, 43130, 529, "almaphoto",
            "sunset, sky, evening, orange, horizon"),
        CatalogPhoto(
            735483, 4000, 3000, 26001, 12415, 192, "QuinnEmil",
            "sunrise, morning, sky, mountain, sun"),
        CatalogPhoto(
            7_626_504, 4608, 3072, 50560, 34615, 1194, "amaraphoto",
            "sunrise, morning, sky, mountain, meadow"),
        CatalogPhoto(
            7_487_762, 4000, 6000, 2274, 1300, 78, "Lena49",
            "sunrise, morning, sky, mountain, fog"),
        CatalogPhoto(
            977280, 4000, 6000, 22875, 13777, 754, "GretaMoreau",
            "sunrise, morning, sky, dawn, meadow"),
        CatalogPhoto(
            7_227_071, 2560, 1707, 2917, 1322, 68, "amaraphoto",
            "meadow, grass, summer, green"),
        CatalogPhoto(
            7_191_198, 2560, 1707, 11759, 5334, 251, "Greta63",
            "meadow, grass, summer, green, wildflowers, nature"),
        CatalogPhoto(
            1_710_707, 4000, 3000, 16887, 7810, 193, "EmilWeber",
            "meadow, grass, summer, flowers"),
        CatalogPhoto(
            1_678_863, 4608, 3072, 51389, 21069, 1052, "GretaBrandt",
            "meadow, grass, summer, field, nature, green"),
        CatalogPhoto(
            6_261_384, 3840, 2160, 17199, 6682, 92, "Bruno9",
            "glacier, ice, mountain, cold, blue, alps"),
        CatalogPhoto(
            3_651_228, 5760, 3840, 8040, 5447, 116, "Nora46",
            "glacier, ice, mountain, iceland"),
        CatalogPhoto(
            7_581_596, 6000, 4000, 31842, 19810, 942, "Milo_Varga",
            "glacier, ice, mountain, cold"),
        CatalogPhoto(
            7_311_014, 2560, 1707, 4904, 2178, 128, "Mia_Novak",
            "snow, winter, cold, frost"),
        CatalogPhoto(
            7_568_128, 6016, 4016, 6177, 2458, 133, "GretaMoreau",
            "snow, winter, cold, cabin"),
        CatalogPhoto(
            845574, 3840, 2160, 4992, 1966, 79, "Nora_Holt",
            "snow, winter, cold, mountain"),
        CatalogPhoto(
            7_686_255, 6000, 4000, 3357, 1680, 94, "QuinnEmil",
            "snow, winter, cold, trees"),
        CatalogPhoto(
            4_703_856, 4000, 6000, 1796, 660, 39, "VargaSofia",
            "autumn, fall, leaves, colorful, october"),
        CatalogPhoto(
            7_814_944, 4608, 3072, 9741, 5323, 316, "Anna68",
            "autumn, fall, leaves, maple"),
        CatalogPhoto(
            1_555_983, 4000, 6000, 4686, 2184, 102, "Lena10",
            "autumn, fall, leaves, october, park"),
        CatalogPhoto(
            3_279_128, 5472, 3648, 92309, 52720, 1452, "RaviNovak",
            "autumn, fall, leaves, october"),
        CatalogPhoto(
            5_356_004, 2560, 1707, 10903, 6482, 97, "VargaSofia",
            "autumn, fall, leaves, maple, park"),
        CatalogPhoto(
            7_969_567, 2560, 1707, 13465, 8301, 191, "Yuki_Keller",
            "city, skyline, urban, skyscrapers"),
        CatalogPhoto(
            768185, 5184, 3456, 72935, 39847, 2354, "RaviNovak",
            "city, skyline, urban, architecture, lights"),
        CatalogPhoto(
            7_387_770, 5760, 3840, 7621, 4747, 83, "Oskar_Novak",
            "city, skyline, urban, architecture, skyscrapers"),
        CatalogPhoto(
            4_031_778, 5184, 3456, 9484, 5144, 104, "lottaphoto",
            "city, skyline, urban, downtown"),
        CatalogPhoto(
            5_793_285, 5472, 3648, 10909, 4573, 147, "GretaBrandt",
            "city, skyline, urban, architecture, night"),
        CatalogPhoto(
            5_800_297, 3840, 2160, 6822, 4522, 185, "Bruno9",
            "street, city, urban, old town"),
        CatalogPhoto(
            7_116_369, 4000, 3000, 5478, 3774, 177, "QuinnEmil",
            "street, city, urban, cobblestone, old town, people"),
        CatalogPhoto(
            4_148_244, 3840, 2160, 14029, 9005, 168, "Theo2",
            "street, city, urban, cafe"),
        CatalogPhoto(
            598913, 5472, 3648, 3256, 2070, 74, "RossiAnna",
            "street, city, urban, rain"),
        CatalogPhoto(
            2_452_725, 2560, 1707, 22116, 7916, 467, "RaviNovak",
            "bridge, architecture, river, night"),
        CatalogPhoto(
            2_606_754, 5472, 3648, 29517, 15069, 476, "RossiAnna",
            "bridge, architecture, river, steel, night, city"),
        CatalogPhoto(
            5_401_218, 4000, 6000, 30375, 13494, 761, "noraphoto",
            "bridge, architecture, river, night, stone bridge"),
        CatalogPhoto(
            358317, 2560, 1707, 6621, 4347, 145, "RaviNovak",
            "old town, architecture, houses, roofs, church, square"),
        CatalogPhoto(
            1_548_480, 3840, 2160, 15443, 5770, 256, "lottaphoto",
            "old town, architecture, houses, historic, europe, church"),
        CatalogPhoto(
            3_250_367, 3000, 4000, 7738, 3713, 124, "Greta63",
            "old town, architecture, houses, roofs, church, europe"),
        CatalogPhoto(
            5_153_253, 4608, 3072, 48805, 29387, 874, "Milo_Varga",
            "harbor, boats, sea, port, fishing boat"),
        CatalogPhoto(
            8_128_422, 6000, 4000, 4880, 2878, 155, "Greta63",
            "harbor, boats, sea, fishing boat, coast"),
        CatalogPhoto(
            8_288_519, 5760, 3840, 12648, 7998, 184, "Oskar_Novak",
            "harbor, boats, sea, coast, port"),
        CatalogPhoto(
            2_851_084, 6016, 4016, 11258, 7876, 209, "Anna68",
            "train, railway, travel, steam locomotive, mountain, tracks"),
        CatalogPhoto(
            6_680_478, 6000, 4000, 10816, 5510, 273, "lottaphoto",
            "train, railway, travel, mountain, station"),
        CatalogPhoto(
            3_953_811, 3000, 4000, 17861, 7727, 330, "Jonas41",
            "train, railway, travel, steam locomotive, station, mountain"),
        CatalogPhoto(
            3_670_862, 3840, 2160, 4538, 1926, 88, "henrikphoto",
            "coffee, cup, drink, cafe, coffee beans"),
        CatalogPhoto(
            867995, 5184, 3456, 9144, 3738, 148, "Oskar_Novak",
            "coffee, cup, drink, morning, cafe"),
        CatalogPhoto(
            8_285_704, 5760, 3840, 912, 461, 10, "Leon_Ortiz",
            "coffee, cup, drink, cafe"),
        CatalogPhoto(
            1_033_345, 4000, 3000, 18928, 12056, 282, "noraphoto",
            "coffee, cup, drink, morning, coffee beans, cafe"),
        CatalogPhoto(
            7_932_161, 4000, 3000, 2675, 1263, 59, "RossiRavi",
            "coffee, cup, drink, espresso, coffee beans"),
        CatalogPhoto(
            1_181_720, 6016, 4016, 21836, 11081, 565, "Nora_Holt",
            "breakfast, food, morning, fruit, eggs, table"),
        CatalogPhoto(
            1_283_086, 6000, 4000, 8847, 3750, 187, "yukiphoto",
            "breakfast, food, morning, eggs, fruit"),
        CatalogPhoto(
            2_426_221, 4000, 6000, 12471, 8156, 324, "Yuki_Keller",
            "breakfast, food, morning, table, coffee"),
        CatalogPhoto(
            2_906_411, 5472, 3648, 20098, 7725, 292, "yukiphoto",
            "bread, bakery, food, loaf, wheat"),
        CatalogPhoto(
            8_057_517, 4000, 6000, 4761, 3092, 133, "Anna68",
            "bread, bakery, food, baking"),
        CatalogPhoto(
            8_369_173, 2560, 1707, 4298, 2404, 98, "Jonas41",
            "fruit, healthy, food, fresh"),
        CatalogPhoto(
            5_066_665, 4000, 6000, 9409, 4715, 287, "QuinnEmil",
            "fruit, healthy, food, colorful, strawberry"),
        CatalogPhoto(
            5_699_045, 4000, 6000, 2508, 1501, 78, "Mia_Novak",
            "fruit, healthy, food, strawberry, orange"),
        CatalogPhoto(
            475065, 4608, 3072, 23569, 15938, 445, "GretaBrandt",
            "fruit, healthy, food, colorful, orange, fresh"),
        CatalogPhoto(
            658957, 2560, 1707, 34705, 13719, 391, "Bruno9",
            "apple, fruit, red apple, orchard"),
        CatalogPhoto(
            3_222_744, 6000, 4000, 33542, 14574, 395, "SatoMaren",
            "apple, fruit, red apple, harvest, autumn"),
        CatalogPhoto(
            5_945_215, 5760, 3840, 8000, 5107, 141, "Jonas41",
            "strawberry, berries, fruit, sweet"),
        CatalogPhoto(
            5_306_532, 3840, 2160, 36219, 21931, 1167, "Nora46",
            "strawberry, berries, fruit, sweet, dessert"),
        CatalogPhoto(
            6_583_518, 5184, 3456, 11680, 7269, 329, "EmilWeber",
            "pizza, food, italian, restaurant, cheese, tomato"),
        CatalogPhoto(
            1_000_741, 4000, 3000, 14203, 9156, 349, "SatoMaren",
            "pizza, food, italian, basil, cheese, restaurant"),
        CatalogPhoto(
            2_238_808, 4000, 6000, 2187, 1131, 64, "Bruno9",
            "salad, vegetables, healthy, bowl, tomato"),
        CatalogPhoto(
            5_377_741, 5760, 3840, 22616, 14538, 338, "VargaSofia",
            "salad, vegetables, healthy, bowl, green, fresh"),
        CatalogPhoto(
            3_564_344, 3840, 2160, 8708, 5625, 100, "henrikphoto",
            "salad, vegetables, healthy, bowl"),
        CatalogPhoto(
            6_000_692, 4000, 3000, 7101, 4017, 143, "EmilWeber",
            "cake, dessert, sweet, chocolate, cream, strawberry"),
        CatalogPhoto(
            2_365_698, 4000, 3000, 41796, 19964, 732, "Bruno9",
            "cake, dessert, sweet, baking, birthday"),
        CatalogPhoto(
            5_064_230, 3840, 2160, 6843, 4307, 105, "lottaphoto",
            "cake, dessert, sweet, chocolate, cream"),
        CatalogPhoto(
            7_040_962, 5184, 3456, 5463, 2120, 137, "Milo_Varga",
            "flower, blossom, nature, spring"),
        CatalogPhoto(
            5_383_562, 6000, 4000, 45579, 22639, 983, "Nora46",
            "flower, blossom, nature, garden, petals"),
        CatalogPhoto(
            7_162_836, 4000, 3000, 3101, 1165, 71, "Theo2",
            "flower, blossom, nature, spring, pink, petals"),
        CatalogPhoto(
            1_029_891, 5184, 3456, 1527, 870, 32, "Kai42",
            "flower, blossom, nature, garden, bloom, petals"),
        CatalogPhoto(
            8_457_416, 6000, 4000, 9149, 3667, 91, "Bruno9",
            "flower, blossom, nature, bloom, garden"),
        CatalogPhoto(
            2_789_971, 5472, 3648, 2774, 1867, 51, "RossiAnna",
            "rose, flower, red rose, romantic, petals"),
        CatalogPhoto(
            2_294_546, 3000, 4000, 13558, 7938, 346, "Maren_Moreau",
            "rose, flower, red rose, love"),
        CatalogPhoto(
            7_051_248, 5760, 3840, 19279, 8198, 260, "GretaMoreau",
            "rose, flower, red rose, petals, romantic"),
        CatalogPhoto(
            7_416_053, 3840, 2160, 156985, 70135, 3751, "Kai42",
            "tulip, flower, spring, netherlands"),
        CatalogPhoto(
            7_131_891, 4608, 3072, 982, 562, 14, "Greta63",
            "tulip, flower, spring, colorful, garden, netherlands"),
        CatalogPhoto(
            2_507_870, 3840, 2160, 6380, 3693, 181, "Lena10",
            "tulip, flower, spring, colorful"),
        CatalogPhoto(
            2_484_789, 6016, 4016, 16445, 7792, 92, "Yuki_Keller",
            "sunflower, flower, summer, yellow"),
        CatalogPhoto(
            3_583_487, 2560, 1707, 2414, 1363, 28, "amaraphoto",
            "sunflower, flower, summer, farm, field, sun"),
        CatalogPhoto(
            2_966_947, 6016, 4016, 23012, 10793, 497, "Oskar_Novak",
            "sunflower, flower, summer, farm, yellow"),
        CatalogPhoto(
            335037, 5760, 3840, 1858, 668, 33, "Greta63",
            "poppy, flower, red, wildflowers"),
        CatalogPhoto(
            8_896_036, 5184, 3456, 24931, 13042, 561, "RaviNovak",
            "poppy, flower, red, summer, wildflowers, field"),
        CatalogPhoto(
            3_700_257, 5184, 3456, 5965, 2266, 117, "SatoMaren",
            "daisy, flower, white, spring"),
        CatalogPhoto(
            325690, 6016, 4016, 1522, 970, 66, "Bruno_Berg",
            "daisy, flower, white, macro, meadow"),
        CatalogPhoto(
            3_758_816, 5760, 3840, 1829, 1131, 45, "Lena10",
            "tree, nature, landscape, lonely tree, oak, sunset"),
        CatalogPhoto(
            2_129_678, 3840, 2160, 3851, 2288, 95, "Bruno9",
            "tree, nature, landscape, oak, fog"),
        CatalogPhoto(
            2_455_486, 3000, 4000, 104761, 40473, 1492, "noraphoto",
            "tree, nature, landscape, fog"),
        CatalogPhoto(
            4_660_541, 5184, 3456, 25811, 15587, 876, "RossiAnna",
            "tree, nature, landscape, fog, roots"),
        CatalogPhoto(
            6_386_582, 2560, 1707, 4087, 1732, 73, "KaiDahl",
            "mushroom, fungus, forest, autumn, moss, macro"),
        CatalogPhoto(
            5_049_243, 2560, 1707, 9336, 5070, 279, "RaviNovak",
            "mushroom, fungus, forest, moss, autumn, fly agaric"),
        CatalogPhoto(
            932656, 6016, 4016, 5725, 3484, 208, "Kai42",
            "mushroom, fungus, forest, moss, macro"),
        CatalogPhoto(
            8_712_972, 3000, 4000, 12747, 7926, 357, "noraphoto",
            "cactus, plant, desert, green, spines"),
        CatalogPhoto(
            4_084_287, 5760, 3840, 13594, 7913, 214, "yukiphoto",
            "cactus, plant, desert, spines"),
        CatalogPhoto(
            2_492_877, 5760, 3840, 6618, 2690, 47, "EmilWeber",
            "laptop, computer, work, desk, workspace"),
        CatalogPhoto(
            5_868_458, 4000, 6000, 4093, 1584, 86, "Milo_Varga",
            "laptop, computer, work, technology"),
        CatalogPhoto(
            2_366_822, 5472, 3648, 5229, 2961, 81, "Maren_Moreau",
            "laptop, computer, work, office, coffee"),
        CatalogPhoto(
            7_730_824, 4608, 3072, 15410, 6119, 87, "Nora_Holt",
            "book, reading, library, literature, glasses"),
        CatalogPhoto(
            6_187_935, 4000, 6000, 15746, 6580, 264, "SatoMaren",
            "book, reading, library, pages"),
        CatalogPhoto(
            3_905_819, 4000, 6000, 5583, 3477, 174, "SatoMaren",
            "book, reading, library, pages, coffee"),
        CatalogPhoto(
            2_950_489, 5184, 3456, 5041, 3520, 152, "MoreauElena",
            "book, reading, library, glasses, literature, coffee"),
        CatalogPhoto(
            4_381_366, 4000, 6000, 19163, 11123, 307, "SatoMaren",
            "camera, photography, vintage, lens, photographer, film"),
        CatalogPhoto(
            2_598_905, 5472, 3648, 7003, 3112, 123, "milophoto",
            "camera, photography, vintage, film"),
        CatalogPhoto(
            1_555_086, 6016, 4016, 1017, 676, 40, "Nora_Holt",
            "camera, photography, vintage, lens, retro, film"),
        CatalogPhoto(
            6_018_917, 5760, 3840, 24580, 16892, 411, "Leon_Ortiz",
            "bicycle, bike, cycling, mountain bike, sport, city"),
        CatalogPhoto(
            1_092_905, 5184, 3456, 16296, 10320, 345, "Lena10",
            "bicycle, bike, cycling, city"),
        CatalogPhoto(
            2_966_760, 3840, 2160, 48591, 18670, 294, "Maren_Moreau",
            "bicycle, bike, cycling, vintage"),
        CatalogPhoto(
            1_802_135, 4608, 3072, 39895, 18475, 305, "Milo_Varga",
            "car, vehicle, road, vintage car"),
        CatalogPhoto(
            2_032_573, 2560, 1707, 4465, 1690, 76, "Nora46",
            "car, vehicle, road, vintage car, classic"),
        CatalogPhoto(
            6_529_163, 4000, 6000, 4483, 1952, 53, "RossiRavi",
            "car, vehicle, road, vintage car, highway, classic"),
        CatalogPhoto(
            3_845_981, 4000, 3000, 15691, 8160, 274, "henrikphoto",
            "guitar, music, instrument, strings"),
        CatalogPhoto(
            4_406_619, 5184, 3456, 22766, 11645, 438, "almaphoto",
            "guitar, music, instrument, musician, acoustic guitar, strings"),
        CatalogPhoto(
            5_289_047, 3840, 2160, 13230, 8934, 547, "Greta63",
            "guitar, music, instrument, concert, musician"),
        CatalogPhoto(
            7_955_035, 4000, 3000, 8574, 3871, 190, "amaraphoto",
            "clock, time, vintage, watch"),
        CatalogPhoto(
            6_181_898, 4000, 3000, 96676, 43904, 1286, "Yuki_Keller",
            "clock, time, vintage, watch, hours, antique"),
        CatalogPhoto(
            8_740_534, 6016, 4016, 10265, 4533, 97, "RossiRavi",
            "sky, clouds, weather, blue sky, summer"),
        CatalogPhoto(
            8_411_347, 6016, 4016, 25198, 14701, 150, "Mia_Novak",
            "sky, clouds, weather, blue sky"),
        CatalogPhoto(
            775215, 5472, 3648, 9551, 4884, 194, "Kai42",
            "sky, clouds, weather, blue sky, storm"),
        CatalogPhoto(
            3_256_154, 5184, 3456, 18034, 12373, 360, "OrtizAmara",
            "milky way, stars, night sky, long exposure, galaxy"),
        CatalogPhoto(
            4_847_765, 6016, 4016, 7596, 2713, 41, "MoreauElena",
            "milky way, stars, night sky, galaxy, space, astronomy"),
        CatalogPhoto(
            6_976_344, 5760, 3840, 29607, 17995, 1025, "Kai88",
            "milky way, stars, night sky, galaxy"),
        CatalogPhoto(
            8_958_228, 5184, 3456, 12600, 8381, 344, "Nora46",
            "moon, night, sky, full moon"),
        CatalogPhoto(
            5_286_493, 3840, 2160, 3343, 1367, 70, "EmilWeber",
            "moon, night, sky, lunar, astronomy, full moon"),
        CatalogPhoto(
            6_037_741, 3000, 4000, 15520, 9569, 442, "Jonas41",
            "moon, night, sky, astronomy, full moon"),
        CatalogPhoto(
            8_235_684, 4000, 3000, 33028, 16860, 569, "Milo_Varga",
            "rainbow, sky, weather, meadow, colorful"),
        CatalogPhoto(
            4_230_265, 3840, 2160, 31994, 15592, 243, "GretaBrandt",
            "rainbow, sky, weather, rain, meadow"),
        CatalogPhoto(
            3_396_496, 4000, 6000, 34165, 16839, 658, "Theo2",
            "lightning, storm, thunderstorm, night, sky"),
        CatalogPhoto(
            6_096_531, 6016, 4016, 3003, 1159, 51, "Jonas41",
            "lightning, storm, thunderstorm, weather, night"),
        CatalogPhoto(
            6_995_157, 5472, 3648, 18632, 10566, 581, "RaviNovak",
            "hiking, hiker, mountain, trail, adventure"),
        CatalogPhoto(
            2_331_642, 5760, 3840, 7746, 5379, 246, "Nora46",
            "hiking, hiker, mountain, travel"),
        CatalogPhoto(
            2_655_001, 5184, 3456, 20004, 12064, 125, "KaiDahl",
            "hiking, hiker, mountain, trail, travel"),
        CatalogPhoto(
            499365, 6000, 4000, 25221, 11196, 249, "Jonas41",
            "lighthouse, coast, sea, rocks"),
        CatalogPhoto(
            6_468_339, 2560, 1707, 24886, 13502, 516, "yukiphoto",
            "lighthouse, coast, sea, beacon, sunset, maritime"),
        CatalogPhoto(
            4_432_802, 5472, 3648, 9575, 4831, 132, "OskarDahl",
            "lighthouse, coast, sea, maritime"),
        CatalogPhoto(
            4_697_055, 3000, 4000, 118683, 74763, 2679, "Milo_Varga",
            "castle, architecture, historic, fortress, medieval, tower"),
        CatalogPhoto(
            1_669_718, 4608, 3072, 14198, 5522, 144, "Kai88",
            "castle, architecture, historic, hill, fortress, tower"),
        CatalogPhoto(
            4_949_335, 4000, 3000, 13828, 6635, 396, "amaraphoto",
            "castle, architecture, historic, hill, medieval, fortress"),
    ]
}
