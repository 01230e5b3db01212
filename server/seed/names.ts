/** Given names and family names used in Egypt and Saudi Arabia, in both scripts, for the demo school. */
export const boys: ReadonlyArray<readonly [string, string]> = [
  ['Omar', 'عمر'], ['Youssef', 'يوسف'], ['Ahmed', 'أحمد'], ['Mohamed', 'محمد'], ['Khaled', 'خالد'], ['Ali', 'علي'],
  ['Hassan', 'حسن'], ['Karim', 'كريم'], ['Mostafa', 'مصطفى'], ['Abdullah', 'عبدالله'], ['Faisal', 'فيصل'], ['Saud', 'سعود'],
  ['Ibrahim', 'إبراهيم'], ['Tarek', 'طارق'], ['Ziad', 'زياد'], ['Hamza', 'حمزة'], ['Nasser', 'ناصر'], ['Yassin', 'ياسين'],
]
export const girls: ReadonlyArray<readonly [string, string]> = [
  ['Mariam', 'مريم'], ['Nour', 'نور'], ['Salma', 'سلمى'], ['Layla', 'ليلى'], ['Fatima', 'فاطمة'], ['Hana', 'هنا'],
  ['Reem', 'ريم'], ['Sara', 'سارة'], ['Aisha', 'عائشة'], ['Jana', 'جنى'], ['Lama', 'لمى'], ['Dina', 'دينا'],
  ['Farida', 'فريدة'], ['Yasmin', 'ياسمين'], ['Rania', 'رانيا'], ['Noura', 'نورة'], ['Huda', 'هدى'], ['Malak', 'ملك'],
]
export const families: ReadonlyArray<readonly [string, string]> = [
  ['El-Sayed', 'السيد'], ['Hassan', 'حسن'], ['Abdelrahman', 'عبدالرحمن'], ['Al-Qahtani', 'القحطاني'], ['Al-Otaibi', 'العتيبي'],
  ['Mansour', 'منصور'], ['Farouk', 'فاروق'], ['Al-Harbi', 'الحربي'], ['Salem', 'سالم'], ['Fathy', 'فتحي'], ['Al-Ghamdi', 'الغامدي'],
  ['Nasr', 'نصر'], ['Shawky', 'شوقي'], ['Al-Dosari', 'الدوسري'], ['Ibrahim', 'إبراهيم'], ['Kamel', 'كامل'], ['Al-Zahrani', 'الزهراني'],
]
