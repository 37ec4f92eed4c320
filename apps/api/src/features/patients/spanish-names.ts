/**
 * Spanish given names and surnames, weighted roughly like the INE frequency lists (common first):
 * the demo clinic's patients and the benchmark's 50,000 are drawn from these.
 */
export const NOMBRES_MUJER = [
  'María', 'Carmen', 'Ana', 'Isabel', 'Laura', 'Lucía', 'Cristina', 'Marta', 'Pilar', 'Elena', 'Sara', 'Paula',
  'Rosa', 'Raquel', 'Dolores', 'Mercedes', 'Teresa', 'Sofía', 'Inés', 'Beatriz', 'Julia', 'Irene', 'Alba',
  'Nuria', 'Silvia', 'Patricia', 'Rocío', 'Mónica', 'Ángela', 'Andrea', 'Verónica', 'Eva', 'Noelia', 'Begoña',
  'Concepción', 'Encarnación', 'Montserrat', 'Susana', 'Yolanda', 'Lorena', 'Natalia', 'Claudia', 'Carla',
  'Daniela', 'Valeria', 'Martina', 'Noa', 'Lola', 'Aitana', 'Ainhoa', 'Nerea', 'Itziar', 'Maite', 'Leire',
];
export const NOMBRES_HOMBRE = [
  'Antonio', 'José', 'Manuel', 'Francisco', 'David', 'Juan', 'Javier', 'Daniel', 'Carlos', 'Jesús', 'Alejandro',
  'Miguel', 'Rafael', 'Pedro', 'Pablo', 'Ángel', 'Sergio', 'Fernando', 'Jorge', 'Luis', 'Alberto', 'Álvaro',
  'Adrián', 'Diego', 'Raúl', 'Enrique', 'Ramón', 'Vicente', 'Iván', 'Rubén', 'Óscar', 'Andrés', 'Joaquín',
  'Santiago', 'Eduardo', 'Víctor', 'Roberto', 'Jaime', 'Mario', 'Ignacio', 'Alfonso', 'Hugo', 'Martín',
  'Lucas', 'Mateo', 'Leo', 'Marcos', 'Nicolás', 'Gonzalo', 'Íñigo', 'Asier', 'Unai', 'Jordi', 'Xavier',
];
export const NOMBRES_COMPUESTOS = ['María José', 'José Luis', 'Juan Carlos', 'José Antonio', 'María del Carmen', 'Ana Belén', 'Juan José', 'María Ángeles', 'José Manuel', 'Francisco Javier', 'María Pilar', 'Miguel Ángel'];
export const APELLIDOS = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Hernández', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Gutiérrez', 'Alonso',
  'Navarro', 'Torres', 'Domínguez', 'Ramos', 'Vázquez', 'Ramírez', 'Gil', 'Serrano', 'Morales', 'Molina',
  'Blanco', 'Suárez', 'Castro', 'Ortega', 'Delgado', 'Ortiz', 'Marín', 'Rubio', 'Núñez', 'Medina', 'Sanz',
  'Castillo', 'Iglesias', 'Cortés', 'Garrido', 'Santos', 'Guerrero', 'Lozano', 'Cano', 'Cruz', 'Méndez',
  'Flores', 'Prieto', 'Herrera', 'Peña', 'León', 'Márquez', 'Cabrera', 'Gallego', 'Calvo', 'Vidal', 'Campos',
  'Reyes', 'Vega', 'Fuentes', 'Carrasco', 'Díez', 'Aguilar', 'Caballero', 'Nieto', 'Santana', 'Vargas',
  'Pascual', 'Giménez', 'Herrero', 'Hidalgo', 'Montero', 'Lorenzo', 'Santiago', 'Benítez', 'Durán', 'Ibáñez',
  'Arias', 'Mora', 'Ferrer', 'Carmona', 'Vicente', 'Rojas', 'Soto', 'Crespo', 'Román', 'Pastor', 'Velasco',
  'Parra', 'Sáez', 'Moya', 'Bravo', 'Rivera', 'Gallardo', 'Soler', 'Echeverría', 'Goikoetxea', 'Ibarra',
  'Peñalver', 'Zúñiga', 'Villanueva', 'Quintero', 'Esteban', 'Orozco', 'Valverde', 'Bermúdez', 'Sepúlveda',
];
/** What a dentist writes in an adult patient's notes (worded to fit anyone). */
export const NOTAS = [
  'Alergia a la penicilina.',
  'Alergia al látex: usar guantes de nitrilo.',
  'Ansiedad dental; prefiere citas a primera hora de la mañana.',
  'Toma anticoagulantes (Sintrom): consultar con su médico antes de cualquier extracción.',
  'Hipertensión arterial, toma enalapril. Tomar la tensión antes de anestesiar.',
  'Diabetes tipo 2 controlada.',
  'Revisión de ortodoncia cada 6 meses.',
  'Bruxismo nocturno, usa férula de descarga.',
  'Sensibilidad dental al frío.',
  'Prefiere citas por la tarde.',
  'Implante en el 36 pendiente de corona definitiva.',
  'Fuma: insistir en la higiene y en las revisiones periodontales.',
  'Presupuesto de blanqueamiento entregado; pendiente de respuesta.',
  'Tratamiento de encías en curso: curetaje por cuadrantes.',
];
